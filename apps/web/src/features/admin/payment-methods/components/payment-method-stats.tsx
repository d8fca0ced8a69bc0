import { Wallet } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatNumber, formatRoubles } from '@/lib/format';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';
import { usePaymentMethodStats } from '../api/admin-payment-methods';

/** Paid of opened, as a whole percent: how often a method ends in a payment. */
const conversion = (paid: number, opened: number) =>
  opened === 0 ? '—' : `${Math.round((paid / opened) * 100)}%`;

/**
 * «Платежи по способам»: the last 30 days' top-ups per provider and method — opened, paid (and how
 * often an opened one is paid), the money and the bonus, and what was reversed since.
 */
export function PaymentMethodStatsSection() {
  const stats = usePaymentMethodStats();
  return (
    <AdminSection title="Платежи по способам">
      {stats.isPending ? (
        <LoadingState text="Загрузка платежей..." />
      ) : stats.isError ? (
        <EmptyState tone="error" icon={<Wallet />} title={`Ошибка: ${stats.error.message}`} />
      ) : stats.data.methods.length === 0 ? (
        <EmptyState icon={<Wallet />} title="Нет данных о платежах" />
      ) : (
        <AdminTable
          caption={`Пополнения за ${stats.data.days} дней по способам оплаты`}
          columns={['Способ', 'Открыто', 'Оплачено', 'Сумма', 'Бонус', 'Отменено']}
        >
          {stats.data.methods.map((row) => (
            <tr key={`${row.provider}:${row.method}`}>
              <td>
                <span className="block text-white">{row.name}</span>
                <span className="block text-xs text-muted-foreground">{row.providerName}</span>
              </td>
              <td className="tabular-nums">{formatNumber(row.opened)}</td>
              <td className="whitespace-nowrap tabular-nums">
                {formatNumber(row.paid)}{' '}
                <span className="text-muted-foreground">({conversion(row.paid, row.opened)})</span>
              </td>
              <td className="whitespace-nowrap text-white tabular-nums">
                {formatRoubles(row.paidAmount)}
              </td>
              <td className="whitespace-nowrap tabular-nums">{formatRoubles(row.bonus)}</td>
              <td className="whitespace-nowrap tabular-nums">
                {row.reversed > 0
                  ? `${formatNumber(row.reversed)} · ${formatRoubles(row.reversedAmount)}`
                  : '—'}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}
