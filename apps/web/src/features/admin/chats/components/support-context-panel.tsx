import type { SupportContext } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, SquareTerminal, Wallet } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/user-avatar';
import { VipBadge } from '@/components/vip-badge';
import { errorText } from '@/lib/api-client';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { adminKeys } from '../../shared/admin-keys';
import { useRetryDelivery } from '../../shared/api/retry-delivery';
import { Can } from '../../shared/components/can';
import { useCan } from '../../shared/permissions-context';
import { useSupportContext } from '../api/support-chats';

type Delivery = SupportContext['orders'][number]['deliveries'][number];

const deliveryBadge: Record<
  Delivery['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }
> = {
  delivered: { label: 'Выдано', variant: 'success' },
  pending: { label: 'Ожидает', variant: 'warning' },
  sending: { label: 'Выдаётся', variant: 'warning' },
  failed: { label: 'Ошибка', variant: 'destructive' },
  cancelled: { label: 'Возврат', variant: 'secondary' },
};

function DeliveryLine({ delivery, userId }: { delivery: Delivery; userId: number }) {
  const retry = useRetryDelivery();
  const can = useCan();
  const queryClient = useQueryClient();
  const badge = deliveryBadge[delivery.status];
  const resend = async () => {
    try {
      await retry.mutateAsync(delivery.id);
      await queryClient.invalidateQueries({ queryKey: adminKeys.supportContext(userId) });
      toast.success('Успешно', { description: 'Выдача отправлена повторно' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось повторить выдачу') });
    }
  };
  return (
    <li className="flex flex-col gap-1 rounded-md bg-black/30 px-2.5 py-2">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm text-white">{delivery.itemName}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      {delivery.lastCommand && (
        <code className="flex items-start gap-1.5 text-[11px] [overflow-wrap:anywhere] text-foreground/80">
          <SquareTerminal className="mt-px size-3 shrink-0 text-accent" aria-hidden="true" />
          {delivery.lastCommand}
        </code>
      )}
      {delivery.lastResult && (
        <p className="text-[11px] [overflow-wrap:anywhere] text-[#f5d27e]">{delivery.lastResult}</p>
      )}
      {delivery.status === 'failed' && can('orders.refund') && (
        <Button
          size="sm"
          variant="secondary"
          className="mt-1 w-fit"
          disabled={retry.isPending}
          onClick={() => void resend()}
        >
          <RotateCcw aria-hidden="true" />
          Повторить выдачу
        </Button>
      )}
    </li>
  );
}

/** Beside the conversation: who is writing, their money, VIP and what the game server was told. */
export function SupportContextPanel({ userId }: { userId: number }) {
  const context = useSupportContext(userId);
  if (context.isPending) return <LoadingState text="Загрузка данных игрока..." padding="md" />;
  if (context.isError)
    return <EmptyState tone="error" title={`Ошибка: ${context.error.message}`} padding="sm" />;
  const { user, orders, topUps } = context.data;

  return (
    <aside
      aria-label="Данные игрока"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-white/10 bg-black/35 p-4 xl:max-h-[32rem] xl:overflow-y-auto"
    >
      <div className="flex items-center gap-3">
        <UserAvatar src={user.avatar} name={user.username} className="size-11" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-white">{user.username}</p>
          <p className="font-mono text-xs text-muted-foreground">{user.steamId}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-md bg-white/5 px-2 py-1 font-bold text-white tabular-nums">
          <Wallet className="size-4 text-accent" aria-hidden="true" />
          {formatRoubles(user.balance)}
        </span>
        {user.vipActive ? (
          <VipBadge user={user} />
        ) : (
          <span className="text-xs text-muted-foreground">Без VIP</span>
        )}
      </div>

      <section aria-label="Последние заказы" className="flex flex-col gap-2">
        <h4 className="text-xs font-bold tracking-widest text-foreground/60 uppercase">
          Последние заказы
        </h4>
        {orders.length === 0 && <p className="text-sm text-muted-foreground">Заказов нет</p>}
        {orders.map((order) => (
          <article key={order.id} className="rounded-lg border border-white/8 p-2.5">
            <div className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
              <span className="font-mono text-foreground">#{order.id.slice(0, 8)}</span>
              <span>{formatDateTime(order.createdAt)}</span>
            </div>
            <p className="mt-0.5 text-xs text-muted-foreground">
              {order.serverName ?? 'Неизвестный сервер'} · {formatRoubles(order.total)}
            </p>
            <ul className="mt-2 flex flex-col gap-1.5">
              {order.deliveries.map((delivery) => (
                <DeliveryLine key={delivery.id} delivery={delivery} userId={userId} />
              ))}
            </ul>
          </article>
        ))}
      </section>

      {/* Top-ups are money: staff without it get none from the shop, and no section. */}
      <Can permission="money">
        <section aria-label="Пополнения" className="flex flex-col gap-1.5">
          <h4 className="text-xs font-bold tracking-widest text-foreground/60 uppercase">
            Пополнения
          </h4>
          {topUps.length === 0 && <p className="text-sm text-muted-foreground">Пополнений нет</p>}
          {topUps.map((topUp) => (
            <p key={topUp.id} className="flex justify-between gap-2 text-xs">
              <span className="text-muted-foreground">{formatDateTime(topUp.createdAt)}</span>
              <span
                className={topUp.status === 'paid' ? 'text-[#8ee0a6]' : 'text-muted-foreground'}
              >
                {formatRoubles(topUp.amount)} ·{' '}
                {topUp.status === 'paid'
                  ? 'оплачено'
                  : topUp.status === 'pending'
                    ? 'ожидает'
                    : 'не оплачено'}
              </span>
            </p>
          ))}
        </section>
      </Can>
    </aside>
  );
}
