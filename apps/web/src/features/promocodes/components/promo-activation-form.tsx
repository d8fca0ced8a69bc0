import { LoaderCircle, TicketPercent } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { activationErrorText } from '../activation-error';
import { useActivatePromocode } from '../api/activate-promocode';
import {
  checkPromoSimple,
  checkPromoStrict,
  normalizePromoCode,
  type PromoFormValues,
} from '../promo-code-check';

const SIGN_IN_REQUIRED = 'Требуется вход в систему для активации промокода';

/**
 * One form, two rule sets: the profile tab checks the code's shape before sending (SPEC §5), the promo
 * page only checks that something was typed and that the player is signed in.
 */
export function PromoActivationForm({
  variant,
  isAuthenticated,
  idPrefix = 'promo',
}: {
  variant: 'strict' | 'simple';
  isAuthenticated: boolean;
  idPrefix?: string;
}) {
  const activate = useActivatePromocode();
  const form = useForm<PromoFormValues>({
    defaultValues: { code: '' },
    mode: variant === 'strict' ? 'onChange' : 'onSubmit',
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  const errorId = `${idPrefix}-code-error`;
  const busy = activate.isPending;
  const field = register('code', {
    // Codes are upper case; typing in any case is fine.
    setValueAs: (value: string) => value.toUpperCase(),
    validate: variant === 'strict' ? checkPromoStrict : checkPromoSimple,
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!isAuthenticated) {
      setError('code', { message: SIGN_IN_REQUIRED });
      toast.error('Ошибка', { description: SIGN_IN_REQUIRED });
      return;
    }
    try {
      const result = await activate.mutateAsync(normalizePromoCode(code));
      toast.success('Успех!', { description: result.message });
      reset({ code: '' });
    } catch (error) {
      // Anything but the server's own refusal (a network failure, a malformed reply) gets the fallback.
      toast.error('Ошибка', { description: activationErrorText(error) });
    }
  });

  const disabled = busy || (variant === 'strict' && Boolean(formState.errors.code));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <TicketPercent
            className="absolute top-1/2 left-3 size-5 -translate-y-1/2 text-accent"
            aria-hidden="true"
          />
          <Input
            {...field}
            onChange={(event) => {
              event.target.value = event.target.value.toUpperCase();
              void field.onChange(event);
            }}
            aria-label="Промокод"
            placeholder="Введите промокод"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={Boolean(formState.errors.code)}
            aria-describedby={errorId}
            look="code"
            className="pl-11 font-mono tracking-widest uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
          />
        </div>
        <Button type="submit" size="lg" disabled={disabled} aria-busy={busy}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {busy ? 'Проверяем...' : 'Активировать'}
        </Button>
      </div>
      <FieldError id={errorId}>{formState.errors.code?.message}</FieldError>
      {!isAuthenticated && (
        <p className="text-sm text-muted-foreground">
          Чтобы активировать промокод,{' '}
          <Link to="/login" className="font-semibold text-accent hover:underline">
            войдите через Steam
          </Link>
          .
        </p>
      )}
    </form>
  );
}
