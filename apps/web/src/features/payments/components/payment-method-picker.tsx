import type { PaymentMethodsReply } from '@shop/shared';
import { Bitcoin, CreditCard, Smartphone, TriangleAlert, Wallet } from 'lucide-react';
import { FieldError } from '@/components/ui/label';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { methodKey } from '../api/get-payment-methods';

type Method = PaymentMethodsReply['methods'][number];

/** A picture for the method's kind: crypto, a fast-payment or app method, a wallet, or a card. */
function MethodIcon({ method }: { method: Method }) {
  // Beside the radio on a phone there is room for the name or the picture: the name stays.
  const className = 'mt-0.5 hidden size-4 shrink-0 text-accent min-[400px]:block';
  if (method.provider === 'cryptopay') return <Bitcoin className={className} aria-hidden="true" />;
  if (/sbp|sber|tinkoff|t-pay/i.test(`${method.id} ${method.name}`))
    return <Smartphone className={className} aria-hidden="true" />;
  if (/wallet|yoo_money|money/i.test(method.id))
    return <Wallet className={className} aria-hidden="true" />;
  return <CreditCard className={className} aria-hidden="true" />;
}

/**
 * The ways to pay, in the owner's order, each with its provider and limits; below them the note of
 * each provider hidden because its API fails. `value` is `provider:id`.
 */
export function PaymentMethodPicker({
  methods,
  loading,
  failed,
  value,
  onChange,
  error,
}: {
  methods: PaymentMethodsReply | undefined;
  loading: boolean;
  failed: boolean;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const list = methods?.methods ?? [];
  const several = new Set(list.map((method) => method.provider)).size > 1;
  return (
    <fieldset className="grid gap-2">
      <legend id="top-up-method-label" className="mb-2 text-sm font-medium text-foreground/90">
        Способ оплаты
      </legend>
      {loading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" /> Загружаем способы оплаты...
        </p>
      ) : failed ? (
        <p className="text-sm text-destructive">Не удалось загрузить способы оплаты</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-destructive">Пополнение сейчас недоступно</p>
      ) : (
        <RadioGroup
          value={value}
          onValueChange={onChange}
          className="grid-cols-2"
          aria-labelledby="top-up-method-label"
          aria-describedby="top-up-method-error"
        >
          {list.map((method) => (
            <RadioCard
              key={methodKey(method)}
              value={methodKey(method)}
              compact
              className="items-start gap-2.5 px-2.5 min-[400px]:gap-3 min-[400px]:px-3"
            >
              <MethodIcon method={method} />
              <span className="grid min-w-0 gap-0.5">
                <span className="leading-tight break-words">{method.name}</span>
                {several && (
                  <span className="text-xs text-muted-foreground">{method.providerName}</span>
                )}
                <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  {formatNumber(method.min)}–{formatNumber(method.max)} ₽
                </span>
              </span>
            </RadioCard>
          ))}
        </RadioGroup>
      )}
      {methods?.unavailable.map((entry) => (
        <p
          key={entry.provider}
          className="flex items-start gap-2 text-xs text-muted-foreground"
          role="note"
        >
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-accent" aria-hidden="true" />
          {entry.note}
        </p>
      ))}
      <FieldError id="top-up-method-error">{error}</FieldError>
    </fieldset>
  );
}
