import { zodResolver } from '@hookform/resolvers/zod';
import { BASE_BONUS_PERCENT } from '@shop/shared';
import { CreditCard, LoaderCircle, Smartphone } from 'lucide-react';
import { useLayoutEffect, type FormEvent } from 'react';
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
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { errorText } from '@/lib/api-client';
import { useCreatePayment } from '../api/create-payment';
import { useWaitingPromo } from '../api/get-waiting-promo';
import { BonusPreviewNote } from './bonus-preview-note';
import {
  bonusPreview,
  topUpDefaults,
  topUpSchema,
  type TopUpFormOutput,
  type TopUpFormValues,
} from '../top-up-schema';

const PAYMENT_FAILED = 'Не удалось создать платеж';

/**
 * Pop-up blockers let through a tab opened during the click itself, not one opened when the payment
 * reply arrives: so the tab opens blank on submit and is sent to the payment page afterwards.
 */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The payment page must not be able to reach back into the shop through window.opener.
  tab.opener = null;
  try {
    tab.document.title = 'Переход к оплате…';
    tab.document.body.textContent = 'Переходим к оплате…';
  } catch {
    // Only cosmetic: a tab that refuses it still goes to the payment page.
  }
  return tab;
}

export function TopUpDialog({
  open,
  onOpenChange,
  redirect = 'same-window',
  initialAmount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The profile sends the player away in this window; the cart keeps itself open and uses a new tab. */
  redirect?: 'same-window' | 'new-tab';
  /** Prefilled amount (the cart's quick or custom amount). */
  initialAmount?: number;
}) {
  const createPayment = useCreatePayment();
  const form = useForm<TopUpFormValues, unknown, TopUpFormOutput>({
    resolver: zodResolver(topUpSchema),
    defaultValues: topUpDefaults,
    mode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState, getValues } = form;

  // Every opening starts from a clean form (SPEC: the dialog opens with all fields reset), and
  // before the dialog is painted: a reset after it would wipe what a quick player (or the
  // browser's autofill) had already typed or ticked on a slow phone.
  useLayoutEffect(() => {
    if (open)
      reset({
        ...topUpDefaults,
        amount: initialAmount === undefined ? '' : String(initialAmount),
      });
  }, [open, reset, initialAmount]);

  const values = useWatch({ control });
  const promo = useWaitingPromo(open).data?.promo ?? null;
  const preview = bonusPreview(values.amount ?? '', promo?.percent ?? 0);
  const busy = createPayment.isPending;
  const blocked =
    busy ||
    Boolean(formState.errors.amount || formState.errors.email) ||
    !values.amount ||
    !values.email ||
    !values.method ||
    !values.emailConfirmed;

  const close = () => {
    reset(topUpDefaults);
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const tab =
      redirect === 'new-tab' && topUpSchema.safeParse(getValues()).success ? openBlankTab() : null;
    void handleSubmit(
      async ({ amount, method, email }) => {
        try {
          const reply = await createPayment.mutateAsync({ amount, method, email });
          if (!reply.success || !reply.url) throw new Error(reply.message || PAYMENT_FAILED);
          if (tab) tab.location.href = reply.url;
          // A blocked tab must not cost the player the payment: go there in this window instead.
          else window.location.assign(reply.url);
        } catch (error) {
          tab?.close();
          toast.error('Ошибка', { description: errorText(error, PAYMENT_FAILED) });
        } finally {
          close();
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
          <DialogDescription>
            К каждому пополнению начисляется бонус {BASE_BONUS_PERCENT}% — он возвращает комиссию
            платёжной системы.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents">
          <DialogBody className="flex flex-col gap-5">
            <div className="grid gap-2">
              <Label htmlFor="top-up-amount">Сумма, ₽</Label>
              <Input
                id="top-up-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="от 10 до 15000"
                aria-invalid={Boolean(formState.errors.amount)}
                aria-describedby="top-up-amount-error"
                {...register('amount')}
              />
              <FieldError id="top-up-amount-error">{formState.errors.amount?.message}</FieldError>
              {preview && <BonusPreviewNote preview={preview} promo={promo} />}
            </div>

            <fieldset className="grid gap-2">
              <legend
                id="top-up-method-label"
                className="mb-2 text-sm font-medium text-foreground/90"
              >
                Способ оплаты
              </legend>
              <Controller
                control={control}
                name="method"
                render={({ field }) => (
                  <RadioGroup
                    value={field.value}
                    onValueChange={field.onChange}
                    className="grid-cols-1 min-[400px]:grid-cols-2"
                    aria-labelledby="top-up-method-label"
                    aria-describedby="top-up-method-error"
                  >
                    <RadioCard value="kassa">
                      <CreditCard className="size-4 shrink-0 text-accent" aria-hidden="true" />
                      Банковская карта
                    </RadioCard>
                    <RadioCard value="sbp">
                      <Smartphone className="size-4 shrink-0 text-accent" aria-hidden="true" />
                      СБП
                    </RadioCard>
                  </RadioGroup>
                )}
              />
              <FieldError id="top-up-method-error">{formState.errors.method?.message}</FieldError>
            </fieldset>

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
