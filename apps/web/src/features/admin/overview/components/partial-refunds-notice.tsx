import type { PartialRefund } from '@shop/shared';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePartialRefunds, useSettlePartialRefund } from '../api/admin-partial-refunds';
import { providerTitle } from './payments-section';

/**
 * Top-ups a provider refunded in part (the owner gave some money back in its dashboard). The shop
 * takes back whole top-ups only, so the balance did not change: each is named here, above the
 * top-ups, until an admin has settled the balance by hand and marked it «Учтено».
 */
export function PartialRefundsNotice() {
  const refunds = usePartialRefunds();
  const settle = useSettlePartialRefund();
  const [asking, setAsking] = useState<PartialRefund | null>(null);
  if (!refunds.data || refunds.data.length === 0) return null;

  const confirm = async () => {
    if (!asking) return;
    try {
      await settle.mutateAsync(asking.paymentId);
      toast.success('Возврат отмечен учтённым');
    } catch (error) {
      toast.error('Не удалось', { description: errorText(error, 'попробуйте позже') });
    }
    setAsking(null);
  };

  return (
    <div
      role="alert"
      className="mb-4 grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <p className="text-white">
        Частичные возвраты: {refunds.data.length}. Платёжная система вернула игроку часть
        пополнения, а баланс в магазине не изменился. Решите, сколько списать, измените баланс в
        «Пользователях» и отметьте возврат учтённым.
      </p>
      <ul className="grid gap-1.5" aria-label="Частичные возвраты">
        {refunds.data.map((refund) => (
          <li key={refund.paymentId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="min-w-0 break-words">
              <span className="font-mono text-xs">#{refund.paymentId.slice(0, 8)}</span> ·{' '}
              <span className="text-white">{refund.username}</span> ·{' '}
              {providerTitle[refund.provider] ?? refund.provider} вернула{' '}
              {formatRoubles(refund.refunded)} из {formatRoubles(refund.amount)} ·{' '}
              <span className="text-xs text-muted-foreground">
                {formatDateTime(refund.updatedAt)}
              </span>
            </span>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Учтено: ${refund.username}, #${refund.paymentId.slice(0, 8)}`}
              onClick={() => setAsking(refund)}
            >
              <CheckCheck aria-hidden="true" />
              Учтено
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !settle.isPending && setAsking(null)}
        title="Отметить возврат учтённым?"
        description={
          asking
            ? `Баланс ${asking.username} магазин не меняет сам: если нужно, сначала измените его в «Пользователях». Возврат ${formatRoubles(asking.refunded)} уйдёт из списка; новый возврат по этому пополнению вернёт его.`
            : undefined
        }
        confirmLabel="Учтено"
        destructive={false}
        busy={settle.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
