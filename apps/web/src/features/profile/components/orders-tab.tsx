import { PackageOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { orderStatusLabel, useOrders } from '../api/get-orders';

export function OrdersTab({ servers }: { servers: readonly { id: number; name: string }[] }) {
  const orders = useOrders(true);
  if (orders.isPending) return <LoadingState text="Загрузка..." />;
  // A failed load and an empty history look the same to a player: nothing to show yet.
  if (!orders.data?.length) return <EmptyState icon={<PackageOpen />} title="Заказы отсутствуют" />;

  return (
    <ul className="flex flex-col gap-3">
      {orders.data.map((order) => {
        const status = orderStatusLabel(order.status);
        const server = servers.find((s) => String(s.id) === String(order.serverId));
        return (
          <li key={order.id}>
            <Card className="p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono text-sm text-muted-foreground">
                  Заказ #{String(order.id).slice(0, 8)} ·{' '}
                  {formatDateTime(order.createdAt ?? order.date)}
                </p>
                <Badge variant={status.tone}>{status.label}</Badge>
              </div>
              <ul className="mt-3 flex flex-col gap-2">
                {order.items.map((item, index) => (
                  <li key={`${item.name}-${index}`} className="flex items-center gap-3">
                    <ImageWithFallback
                      src={item.image ?? undefined}
                      alt=""
                      className="size-10 rounded bg-white/5 object-contain p-1"
                    />
                    <span className="flex-1 text-sm text-white">{item.name}</span>
                    <span className="text-sm text-muted-foreground">× {item.quantity}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-white/8 pt-3 text-sm">
                <span className="text-muted-foreground">
                  Сервер: {server?.name ?? 'Неизвестный сервер'}
                </span>
                <span className="font-bold text-white">{formatRoubles(order.total)}</span>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
