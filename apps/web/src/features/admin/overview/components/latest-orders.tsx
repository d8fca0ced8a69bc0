import { ChevronDown } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { cn } from '@/lib/cn';
import { orderStatus } from '@/lib/order-status';
import { useAdminOrders, type AdminOrder } from '../api/get-admin-orders';
import { AdminSection } from '../../shared/components/admin-section';
import { deliveryProblems } from '../delivery-problems';
import { AdminTable } from '../../shared/components/admin-table';
import { OrderDeliveryDetails } from './order-delivery-details';
import {
  UserPurchasesDialog,
  type PurchasesUser,
} from '../../shared/components/user-purchases-dialog';

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

function Delivered({ order, failed }: { order: AdminOrder; failed: boolean }) {
  if (failed) return <Badge variant="destructive">Ошибка</Badge>;
  return (
    <Badge variant={order.isDelivered ? 'success' : 'secondary'}>
      {order.isDelivered ? 'Да' : 'Нет'}
    </Badge>
  );
}

export function LatestOrders() {
  const orders = useAdminOrders();
  const [buyer, setBuyer] = useState<PurchasesUser | null>(null);
  // Only the admin's own clicks are stored: an order with a failed delivery opens by default, so
  // a failure that appears on a refetch is seen without looking for it.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  let content: React.ReactNode;
  if (orders.isPending) content = <LoadingState text="Загрузка заказов..." padding="md" />;
  else if (orders.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${orders.error.message}`} />;
  else if (orders.data.length === 0) content = <EmptyState title="Заказы не найдены" />;
  else
    content = (
      <AdminTable caption="Последние заказы" columns={columns}>
        {orders.data.slice(0, RECENT_ORDERS).map((order) => {
          const status = orderStatus(order.status);
          const problems = deliveryProblems(order);
          const failed = (problems?.failed.length ?? 0) > 0;
          const open = problems !== null && (toggled[order.id] ?? failed);
          const shortId = order.id.slice(0, 8);
          const detailsId = `order-${order.id}-delivery`;
          return (
            <Fragment key={order.id}>
              <tr>
                <td>
                  <div className="flex items-center gap-1">
                    {problems ? (
                      <Button
                        variant="custom"
                        size="icon-sm"
                        aria-label={`Выдача заказа ${shortId}`}
                        aria-expanded={open}
                        aria-controls={open ? detailsId : undefined}
                        onClick={() => setToggled((current) => ({ ...current, [order.id]: !open }))}
                        className={cn(
                          'hover:bg-white/8 hover:text-foreground',
                          failed ? 'text-[#ff9b91]' : 'text-[#f5d27e]',
                        )}
                      >
                        <ChevronDown
                          aria-hidden="true"
                          className={cn('transition-transform', open && 'rotate-180')}
                        />
                      </Button>
                    ) : (
                      // Keeps the ids in one column whether or not a row has the toggle.
                      <span aria-hidden="true" className="size-8 shrink-0" />
                    )}
                    <span className="font-mono text-xs">{shortId}</span>
                  </div>
                </td>
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
                  <Delivered order={order} failed={failed} />
                </td>
              </tr>
              {problems && open && (
                <tr id={detailsId}>
                  <td colSpan={columns.length} className="bg-black/20">
                    {/* Pinned to the visible width: on a phone the table scrolls sideways, the actions must not. */}
                    <div className="sticky left-3 max-w-[calc(100cqw-1.5rem)]">
                      <OrderDeliveryDetails order={order} problems={problems} />
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
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
