import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { orderStatus } from '@/lib/order-status';
import { useAdminOrders, type AdminOrder } from '../api/get-admin-orders';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { UserPurchasesDialog, type PurchasesUser } from './user-purchases-dialog';

/** SPEC §9: the Overview shows the five newest orders. */
export const RECENT_ORDERS = 5;

const columns = ['ID', 'Покупатель', 'Дата', 'Сумма', 'Товаров', 'Статус', 'Выдан'];

function Buyer({ order, onOpen }: { order: AdminOrder; onOpen: (user: PurchasesUser) => void }) {
  const { userId } = order;
  return (
    <button
      type="button"
      onClick={() => onOpen({ id: userId, username: order.username })}
      aria-label={`Покупки ${order.username}`}
      className="cursor-pointer font-medium text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {order.username}
    </button>
  );
}

export function LatestOrders() {
  const orders = useAdminOrders();
  const [buyer, setBuyer] = useState<PurchasesUser | null>(null);

  let content: React.ReactNode;
  if (orders.isPending) content = <LoadingState text="Загрузка заказов..." className="py-10" />;
  else if (orders.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${orders.error.message}`} />;
  else if (orders.data.length === 0) content = <EmptyState title="Заказы не найдены" />;
  else
    content = (
      <AdminTable caption="Последние заказы" columns={columns}>
        {orders.data.slice(0, RECENT_ORDERS).map((order) => {
          const status = orderStatus(order.status);
          return (
            <tr key={order.id}>
              <td className="font-mono text-xs">{order.id.slice(0, 8)}</td>
              <td>
                <Buyer order={order} onOpen={setBuyer} />
              </td>
              <td className="whitespace-nowrap">{formatDateTime(order.createdAt)}</td>
              <td className="whitespace-nowrap text-white tabular-nums">
                {formatRoubles(order.total)}
              </td>
              <td className="tabular-nums">{order.items.length}</td>
              <td>
                <Badge variant={status.tone}>{status.label}</Badge>
              </td>
              <td>
                <Badge variant={order.isDelivered ? 'success' : 'secondary'}>
                  {order.isDelivered ? 'Да' : 'Нет'}
                </Badge>
              </td>
            </tr>
          );
        })}
      </AdminTable>
    );

  return (
    <AdminSection title="Последние заказы">
      {content}
      {buyer && <UserPurchasesDialog key={buyer.id} user={buyer} onClose={() => setBuyer(null)} />}
    </AdminSection>
  );
}
