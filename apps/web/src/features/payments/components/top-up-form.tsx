import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { ApiError, errorText } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TopUpTerms } from '@/lib/top-up-terms';
import { useCreatePayment } from '../api/create-payment';
import { useWaitingPromo } from '../api/get-waiting-promo';
import { openBlankTab } from '../open-blank-tab';
import { topUpTermsText } from '../top-up-terms-text';
import { useTopUpMethod } from '../use-top-up-method';
import { BonusPreviewNote } from './bonus-preview-note';
import { PaymentMethodPicker } from './payment-method-picker';
import {
  bonusPreview,
  topUpDefaults,
  topUpSchemaFor,
  type TopUpFormOutput,
  type TopUpFormValues,
} from '../top-up-schema';

const PAYMENT_FAILED = 'Не удалось создать платеж';

export interface TopUpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The profile sends the player away in this window; the cart keeps itself open and uses a new tab. */
  redirect?: 'same-window' | 'new-tab';
  /** Prefilled amount (the cart's quick or custom amount). */
  initialAmount?: number;
  /** The owner's bonus and limits (`site.topUp`); undefined until the settings arrive. */
  terms: TopUpTerms | undefined;
}

/** The top-up form itself, for terms the owner has set (top-up-dialog.tsx waits for them). */
export function TopUpForm({
  open,
  onOpenChange,
  redirect = 'same-window',
  initialAmount,
  terms,
}: TopUpDialogProps & { terms: TopUpTerms }) {
  const createPayment = useCreatePayment();
  const queryClient = useQueryClient();
  const { methods, chosen, chosenKey, limits, firstTopUp, pick, forget } = useTopUpMethod(
    open,
    terms,
  );
  const topUpSchema = useMemo(() => topUpSchemaFor(limits), [limits]);
  const form = useForm<TopUpFormValues, unknown, TopUpFormOutput>({
    resolver: zodResolver(topUpSchema),
    defaultValues: topUpDefaults,
    mode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState, getValues, setValue, trigger } = form;

  // Watched before the reset below: useWatch listens from its own layout effect, so a reset that ran
  // first went unheard when the dialog mounted already open (the cart's first top-up) and the
  // bonus preview stayed empty for the amount the reset put in.
  const values = useWatch({ control });

  // Every opening starts from a clean form (SPEC: the dialog opens with all fields reset), and
  // before the dialog is painted: a reset after it would wipe what a quick player (or the
  // browser's autofill) had already typed or ticked on a slow phone.
  useLayoutEffect(() => {
    if (!open) return;
    reset({
      ...topUpDefaults,
      amount: initialAmount === undefined ? '' : String(initialAmount),
    });
  }, [open, reset, initialAmount]);

  // Also at every opening: the reset above empties the method, while the preset one (the owner's
  // first) may be the same as last time, so a change of chosenKey alone would leave it unset.
  useEffect(() => {
    if (!open) return;
    if (getValues('method') !== chosenKey) setValue('method', chosenKey);
    // Another method may have other limits: the amount typed is checked against them at once.
    if (getValues('amount')) void trigger('amount');
  }, [open, chosenKey, limits, getValues, setValue, trigger]);

  const promo = useWaitingPromo(open).data?.promo ?? null;
  const preview = bonusPreview(
    values.amount ?? '',
    terms,
    { promoPercent: promo?.percent ?? 0, firstTopUp },
    limits,
  );
  const busy = createPayment.isPending;
  const blocked =
    busy ||
    Boolean(formState.errors.amount || formState.errors.email) ||
    !values.amount ||
    !values.email ||
    !chosen ||
    !values.emailConfirmed;

  const close = () => {
    reset(topUpDefaults);
    forget();
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const tab =
      redirect === 'new-tab' && topUpSchema.safeParse(getValues()).success ? openBlankTab() : null;
    void handleSubmit(
      async ({ amount, email }) => {
        // The terms this dialog states: a shop whose bonus changed since answers 409.
        const shown = preview;
        if (!chosen || !shown) return;
        try {
          const reply = await createPayment.mutateAsync({
            amount,
            provider: chosen.provider,
            methodId: chosen.id,
            email,
            bonusPercent: shown.percent,
            expectedBonus: shown.totalBonus,
          });
          if (!reply.success || !reply.url) throw new Error(reply.message || PAYMENT_FAILED);
          if (tab) tab.location.href = reply.url;
          // A blocked tab must not cost the player the payment: go there in this window instead.
          else window.location.assign(reply.url);
          close();
        } catch (error) {
          tab?.close();
          toast.error('Ошибка', { description: errorText(error, PAYMENT_FAILED) });
          // The terms changed: the dialog stays, and states the new ones once they are read.
          if (error instanceof ApiError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.site, exact: true });
            void queryClient.invalidateQueries({ queryKey: queryKeys.waitingPromo });
            void queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods });
          } else close();
        }
      },
      () => tab?.close(),
    )(event);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Пополнение баланса</DialogTitle>
          <DialogDescription>{topUpTermsText(terms, firstTopUp)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents">
          <DialogBody className="flex flex-col gap-5">
            <div className="grid gap-2">
              <Label htmlFor="top-up-amount">Сумма, ₽</Label>
              <Input
                id="top-up-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder={`от ${limits.min} до ${limits.max}`}
                aria-invalid={Boolean(formState.errors.amount)}
                aria-describedby="top-up-amount-error"
                {...register('amount')}
              />
              <FieldError id="top-up-amount-error">{formState.errors.amount?.message}</FieldError>
              {preview && <BonusPreviewNote preview={preview} promo={promo} />}
            </div>

            <Controller
              control={control}
              name="method"
              render={({ field }) => (
                <PaymentMethodPicker
                  methods={methods.data}
                  loading={methods.isPending}
                  failed={methods.isError}
                  value={field.value}
                  onChange={(next) => {
                    pick(next);
                    field.onChange(next);
                  }}
                  error={formState.errors.method?.message}
                />
              )}
            />

            <div className="grid gap-2">
              <Label htmlFor="top-up-email">Email для чека</Label>
              <Input
                id="top-up-email"
                type="email"
                autoComplete="email"
                placeholder="you@example.ru"
                aria-invalid={Boolean(formState.errors.email)}
                aria-describedby="top-up-email-error"
                {...register('email')}
              />
              <FieldError id="top-up-email-error">{formState.errors.email?.message}</FieldError>
            </div>

            <div className="grid gap-2">
              <div className="flex items-center gap-3">
                <Controller
                  control={control}
                  name="emailConfirmed"
                  render={({ field }) => (
                    <Checkbox
                      id="top-up-email-confirmed"
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      aria-describedby="top-up-confirm-error"
                    />
                  )}
                />
                <Label htmlFor="top-up-email-confirmed" className="cursor-pointer">
                  Подтверждаю правильность email
                </Label>
              </div>
              <FieldError id="top-up-confirm-error">
                {formState.touchedFields.emailConfirmed || formState.isSubmitted
                  ? formState.errors.emailConfirmed?.message
                  : undefined}
              </FieldError>
            </div>
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={close}>
              Отмена
            </Button>
            <Button type="submit" disabled={blocked} aria-busy={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Перейти к оплате
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
