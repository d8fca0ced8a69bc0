import {
  RECEIPT_KIND_TEXT,
  RECEIPT_STATE_TEXT,
  type AdminPayment,
  type AdminReceipt,
} from '@shop/shared';
import { Receipt } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { usePaymentReceipts } from '../api/admin-receipts';

const stateVariant = {
  queued: 'warning',
  registering: 'warning',
  succeeded: 'success',
  failed: 'destructive',
  by_yookassa: 'secondary',
  skipped: 'secondary',
} as const;

const MODE_TEXT = {
  none: 'Чеки выключены (YOOKASSA_RECEIPTS=none).',
  '54fz': 'Чеки по 54-ФЗ через ЮKassa.',
  'self-employed': 'Чеки самозанятого в «Мой налог» через ЮKassa.',
} as const;

function ReceiptRow({ receipt }: { receipt: AdminReceipt }) {
  return (
    <li className="grid gap-1 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-white">
          {RECEIPT_KIND_TEXT[receipt.kind]}
          {receipt.orderId && (
            <span className="font-mono text-xs text-muted-foreground">
              {' '}
              · заказ #{receipt.orderId.slice(0, 8)}
            </span>
          )}
        </span>
        <Badge variant={stateVariant[receipt.state]}>{RECEIPT_STATE_TEXT[receipt.state]}</Badge>
      </div>
      <span className="text-sm tabular-nums">
        {formatRoubles(receipt.amount)} · {formatDateTime(receipt.createdAt)} · {receipt.email}
      </span>
      {receipt.lines.length > 1 && (
        <ul className="text-xs text-muted-foreground">
          {receipt.lines.map((line, index) => (
            <li key={index}>
              {line.description}: {formatRoubles(line.amount)}
            </li>
          ))}
        </ul>
      )}
      {receipt.lastError && (
        <span className="text-xs text-muted-foreground">
          {receipt.lastError}
          {receipt.nextAttemptAt &&
            ` · попытка ${receipt.attempts + 1} в ${formatDateTime(receipt.nextAttemptAt)}`}
        </span>
      )}
    </li>
  );
}

/** «Чеки» of a top-up: its advance, the settlements of orders it paid for, refunds. */
export function PaymentReceiptsDialog({
  payment,
  onClose,
}: {
  payment: AdminPayment;
  onClose: () => void;
}) {
  const receipts = usePaymentReceipts(payment.id);
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Чеки пополнения</DialogTitle>
          <DialogDescription className="break-all">
            {payment.username} · {formatRoubles(payment.amount)} · #{payment.id.slice(0, 8)}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-3">
          {receipts.isPending ? (
            <LoadingState text="Загрузка чеков..." />
          ) : receipts.isError ? (
            <EmptyState tone="error" title={`Ошибка: ${receipts.error.message}`} />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{MODE_TEXT[receipts.data.mode]}</p>
              {receipts.data.receipts.length === 0 ? (
                <EmptyState icon={<Receipt />} title="Чеков по этому пополнению нет" />
              ) : (
                <ul className="grid gap-2">
                  {receipts.data.receipts.map((receipt) => (
                    <ReceiptRow key={receipt.id} receipt={receipt} />
                  ))}
                </ul>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={onClose}>
            Закрыть
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
