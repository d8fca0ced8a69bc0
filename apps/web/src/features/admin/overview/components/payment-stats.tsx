import { Wallet } from 'lucide-react';
import { QueryView } from '@/components/ui/query-view';
import { formatDate, formatNumber, formatRoubles } from '@/lib/format';
import { usePaymentStats } from '../api/get-overview';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';

/** SPEC §2: paid top-ups per date (date, payment count, sum), newest first. */
export function PaymentStatsSection() {
  const payments = usePaymentStats();
  return (
    <AdminSection title="Статистика платежей">
      <QueryView
        query={payments}
        loading="Загрузка платежей..."
        empty="Нет данных о платежах"
        emptyIcon={<Wallet />}
      >
        {(days) => (
          <AdminTable caption="Пополнения по дням" columns={['Дата', 'Платежей', 'Сумма']} tall>
            {days.map((day) => (
              <tr key={day.date}>
                <td className="whitespace-nowrap">{formatDate(`${day.date}T12:00:00`)}</td>
                <td className="tabular-nums">{formatNumber(day.paymentCount)}</td>
                <td className="whitespace-nowrap text-white tabular-nums">
                  {formatRoubles(day.totalAmount)}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryView>
    </AdminSection>
  );
}
