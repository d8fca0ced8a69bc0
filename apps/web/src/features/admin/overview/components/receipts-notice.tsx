import { RECEIPT_KIND_TEXT } from '@shop/shared';
import { useReceiptsSummary } from '../api/admin-receipts';

/**
 * Receipts YooKassa never registered after every retry: the owner must register them by hand (or
 * fix the settings), so they are named above the top-ups rather than left inside each one.
 */
export function ReceiptsNotice() {
  const summary = useReceiptsSummary();
  if (!summary.data || summary.data.failed === 0) return null;
  const { failed, latestFailed } = summary.data;
  return (
    <div
      role="alert"
      className="mb-4 grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <p className="text-white">
        Чеки не зарегистрированы: {failed}. ЮKassa не приняла их после всех попыток — проверьте
        настройки чеков и зарегистрируйте их в личном кабинете ЮKassa.
      </p>
      <ul className="text-xs text-muted-foreground">
        {latestFailed.map((receipt, index) => (
          <li key={index} className="break-words">
            #{receipt.paymentId.slice(0, 8)} · {receipt.username} ·{' '}
            {RECEIPT_KIND_TEXT[receipt.kind]}
            {receipt.lastError && `: ${receipt.lastError}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
