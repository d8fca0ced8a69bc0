import type { AdminPayment, AdminPaymentsPage } from '@shop/shared';
import { Receipt, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { useAdminPayments } from '../api/admin-payments';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';
import { Pager } from '../../shared/components/pager';
import { PaymentReceiptsDialog } from './payment-receipts-dialog';
import { PartialRefundsNotice } from './partial-refunds-notice';
import { ReceiptsNotice } from './receipts-notice';
import { ReversePaymentDialog } from './reverse-payment-dialog';

const statusBadge = {
  paid: { label: 'Оплачено', variant: 'success' },
  pending: { label: 'Ожидает', variant: 'warning' },
  cancelled: { label: 'Отменено', variant: 'secondary' },
  failed: { label: 'Ошибка', variant: 'destructive' },
} as const;

/** Who recorded a reversal: the payment's provider (found by the reconciliation job) or an admin. */
export const providerTitle: Record<string, string> = {
  freekassa: 'FreeKassa',
  yookassa: 'ЮKassa',
  cryptopay: 'Crypto Pay',
};
const sourceLabel = (payment: AdminPayment, source: 'provider' | 'admin') =>
  source === 'admin' ? 'администратор' : (providerTitle[payment.provider] ?? payment.provider);

function Status({ payment }: { payment: AdminPayment }) {
  const { reversal } = payment;
  if (reversal) {
    return (
      <span className="grid gap-0.5">
        <Badge variant="destructive">Отменено: −{formatRoubles(reversal.amount)}</Badge>
        <span className="text-xs text-muted-foreground">
          {sourceLabel(payment, reversal.source)}, {formatDateTime(reversal.createdAt)}:{' '}
          {reversal.reason}
        </span>
      </span>
    );
  }
  const badge = statusBadge[payment.status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

function PaymentsTable({
  data,
  busy,
  onPage,
  onReverse,
  onReceipts,
}: {
  data: AdminPaymentsPage;
  busy: boolean;
  onPage: (page: number) => void;
  onReverse: (payment: AdminPayment) => void;
  onReceipts: (payment: AdminPayment) => void;
}) {
  return (
    <div className="grid gap-4">
      <AdminTable caption="Пополнения" columns={['Номер', 'Игрок', 'Дата', 'Сумма', 'Статус', '']}>
        {data.payments.map((payment) => (
          <tr key={payment.id}>
            <td className="font-mono text-xs">#{payment.id.slice(0, 8)}</td>
            <td>
              <span className="grid">
                <span className="text-white">{payment.username}</span>
                <span className="font-mono text-xs text-muted-foreground">{payment.steamId}</span>
              </span>
            </td>
            <td className="whitespace-nowrap">{formatDateTime(payment.createdAt)}</td>
            <td className="whitespace-nowrap tabular-nums">
              {formatRoubles(payment.amount)}
              {payment.bonus > 0 && (
                <span className="text-xs text-muted-foreground">
                  {' '}
                  + {formatRoubles(payment.bonus)}
                </span>
              )}
            </td>
            <td>
              <Status payment={payment} />
            </td>
            <td className="text-right whitespace-nowrap">
              {payment.status === 'paid' && (
                <Button size="sm" variant="ghost" onClick={() => onReceipts(payment)}>
                  <Receipt aria-hidden="true" />
                  Чеки
                </Button>
              )}
              {payment.status === 'paid' && !payment.reversal && (
                <Button size="sm" variant="outline-destructive" onClick={() => onReverse(payment)}>
                  <Undo2 aria-hidden="true" />
                  Отменить пополнение
                </Button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager
        page={data.page}
        pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
        busy={busy}
        onPage={onPage}
        size="sm"
      />
    </div>
  );
}

/** Every top-up with its player and reversal; a paid one can be reversed (refund, chargeback). */
export function PaymentsSection() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [reversing, setReversing] = useState<AdminPayment | null>(null);
  const [receiptsOf, setReceiptsOf] = useState<AdminPayment | null>(null);
  const payments = useAdminPayments(page, query.trim());

  return (
    <AdminSection
      title="Пополнения"
      actions={
        <Input
          aria-label="Поиск пополнений"
          placeholder="Игрок, Steam ID или номер"
          maxLength={64}
          className="w-64 max-w-full"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
        />
      }
    >
      <ReceiptsNotice />
      <PartialRefundsNotice />
      {payments.isPending ? (
        <LoadingState text="Загрузка пополнений..." />
      ) : payments.isError ? (
        <EmptyState tone="error" title={`Ошибка: ${payments.error.message}`} />
      ) : payments.data.payments.length === 0 ? (
        <EmptyState icon={<Wallet />} title="Пополнений нет" />
      ) : (
        <PaymentsTable
          data={payments.data}
          busy={payments.isFetching}
          onPage={setPage}
          onReverse={setReversing}
          onReceipts={setReceiptsOf}
        />
      )}
      {reversing && <ReversePaymentDialog payment={reversing} onClose={() => setReversing(null)} />}
      {receiptsOf && (
        <PaymentReceiptsDialog payment={receiptsOf} onClose={() => setReceiptsOf(null)} />
      )}
    </AdminSection>
  );
}
