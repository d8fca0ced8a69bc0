import type { Order } from '@shop/shared';
import {
  CircleAlert,
  CircleCheck,
  CircleSlash,
  Clock,
  Gift,
  LoaderCircle,
  PackageOpen,
  Server,
  SquareTerminal,
} from 'lucide-react';
import { SupportChatButton } from '@/components/support-chat-button';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { orderStatus } from '@/lib/order-status';
import { LoadMore } from '@/components/load-more';
import { useOrders } from '../api/get-orders';
import { deliveryState } from '../delivery-state';
import { deliveryToneText, OrderItemList } from './order-item-list';

function DeliveryIcon({ order }: { order: Order }) {
  const props = { className: 'size-4 shrink-0', 'aria-hidden': true } as const;
  if (order.isDelivered) return <CircleCheck {...props} />;
  switch (order.delivery.status) {
    case 'sending':
      return <LoaderCircle {...props} className="size-4 shrink-0 animate-spin" />;
    case 'failed':
      return <CircleAlert {...props} />;
    case 'cancelled':
      return <CircleSlash {...props} />;
    default:
      return <Clock {...props} />;
  }
}

function OrderCard({ order }: { order: Order }) {
  const status = orderStatus(order.status);
  const delivery = deliveryState(order);
  const shortId = order.id.slice(0, 8);
  const titleId = `order-${order.id}-title`;

  return (
    <Card role="article" aria-labelledby={titleId} className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-mono text-sm font-bold text-white">
            Заказ #{shortId}
          </h3>
          <p className="text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</p>
        </div>
        <Badge variant={status.tone}>{status.label}</Badge>
      </div>

      {order.gift && (
        <p className="mt-3 flex min-w-0 items-center gap-2 rounded-md border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-white">
          <Gift className="size-4 shrink-0 text-accent" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            Подарок для <strong className="font-semibold">{order.gift.name}</strong>
            {order.gift.message && (
              <span className="text-muted-foreground"> · «{order.gift.message}»</span>
            )}
          </span>
        </p>
      )}

      <OrderItemList
        items={order.items}
        label="Товары заказа"
        className="mt-3 flex flex-col gap-2"
      />

      <div className="mt-3 grid gap-1.5 rounded-lg border border-white/8 bg-black/25 px-3 py-2.5 text-sm">
        <p
          aria-live="polite"
          className={cn('flex items-start gap-2 font-medium', deliveryToneText[delivery.tone])}
        >
          <DeliveryIcon order={order} />
          <span>
            <span className="sr-only">Выдача: </span>
            {delivery.text}
          </span>
        </p>
        {delivery.hint && (
          <p className="flex items-start gap-2 text-xs text-foreground/85">
            <SquareTerminal className="size-4 shrink-0 text-accent" aria-hidden="true" />
            {delivery.hint}
          </p>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-white/8 pt-3 text-sm">
        <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
          <Server className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">Сервер: {order.serverName ?? 'Неизвестный сервер'}</span>
        </span>
        <span className="font-bold text-white tabular-nums">{formatRoubles(order.total)}</span>
      </div>
      <SupportChatButton orderId={order.id} variant="ghost" className="mt-2 -ml-2" />
    </Card>
  );
}

export function OrdersTab() {
  // Refreshes every few seconds while a delivery is under way (see ordersQueryOptions).
  const orders = useOrders(true);
  if (orders.isPending) return <LoadingState text="Загрузка..." />;
  // A failed load and an empty history look the same to a player: nothing to show yet.
  const list = orders.data?.pages.flat() ?? [];
  if (!list.length) return <EmptyState icon={<PackageOpen />} title="Заказы отсутствуют" />;

  return (
    <>
      <ul aria-label="Заказы" className="grid gap-3 lg:grid-cols-2">
        {list.map((order) => (
          <li key={order.id} className="flex flex-col [&>*]:flex-1">
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      {/* The whole history: older orders come as the player scrolls to the end. */}
      <LoadMore
        hasMore={orders.hasNextPage}
        loading={orders.isFetchingNextPage}
        onMore={() => void orders.fetchNextPage()}
        label="Показать более ранние заказы"
      />
    </>
  );
}
