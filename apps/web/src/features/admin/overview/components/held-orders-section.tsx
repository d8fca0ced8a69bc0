import type { HeldOrder } from '@shop/shared';
import { PackageCheck, ShieldAlert, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDecideHold, useHeldOrders, type HoldDecision } from '../api/admin-holds';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';

const QUESTION: Record<HoldDecision, { title: string; confirm: string; text: string }> = {
  cancel: {
    title: 'Отменить заказ?',
    confirm: 'Отменить и вернуть',
    text: 'Невыданные товары не будут выданы, их стоимость вернётся на баланс игрока и уменьшит долг.',
  },
  release: {
    title: 'Выдать товары?',
    confirm: 'Выдать',
    text: 'Товары будут выданы игроку, даже если на его балансе останется долг.',
  },
};

function HeldRow({
  order,
  onDecide,
}: {
  order: HeldOrder;
  onDecide: (decision: HoldDecision) => void;
}) {
  return (
    <tr>
      <td className="font-mono text-xs">#{order.orderId.slice(0, 8)}</td>
      <td>
        <span className="grid">
          <span className="text-white">{order.buyer.username}</span>
          <span className="font-mono text-xs text-muted-foreground">{order.buyer.steamId}</span>
          {order.recipient && (
            <span className="text-xs text-muted-foreground">
              подарок для {order.recipient.name}
            </span>
          )}
        </span>
      </td>
      <td>
        <span className="grid">
          <span>{order.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}</span>
          <span className="text-xs text-muted-foreground">
            {order.serverName ?? 'Неизвестный сервер'} · {formatDateTime(order.createdAt)}
          </span>
        </span>
      </td>
      <td className="whitespace-nowrap tabular-nums">{formatRoubles(order.total)}</td>
      <td className="whitespace-nowrap tabular-nums">
        <span className={order.buyer.balance < 0 ? 'text-[#ff9b91]' : undefined}>
          {formatRoubles(order.buyer.balance)}
        </span>
      </td>
      <td className="whitespace-nowrap text-xs text-muted-foreground">
        {formatDateTime(order.heldAt)}
        {order.paymentId && <span className="block font-mono">#{order.paymentId.slice(0, 8)}</span>}
      </td>
      <td className="text-right whitespace-nowrap">
        <Button size="sm" variant="ghost" onClick={() => onDecide('release')}>
          <PackageCheck aria-hidden="true" />
          Выдать
        </Button>
        <Button size="sm" variant="outline-destructive" onClick={() => onDecide('cancel')}>
          <Undo2 aria-hidden="true" />
          Отменить и вернуть
        </Button>
      </td>
    </tr>
  );
}

/**
 * Orders a reversed top-up holds (issue 36): bought since the reversed payment arrived and not yet
 * delivered, so nothing of them goes out until the admin cancels (crediting the debt) or releases.
 */
export function HeldOrdersSection() {
  const holds = useHeldOrders();
  const decide = useDecideHold();
  const [asking, setAsking] = useState<{ order: HeldOrder; decision: HoldDecision } | null>(null);
  const question = asking ? QUESTION[asking.decision] : null;

  const confirm = async () => {
    if (!asking) return;
    try {
      const reply = await decide.mutateAsync({
        orderId: asking.order.orderId,
        decision: asking.decision,
      });
      toast.success(reply.message);
    } catch (error) {
      toast.error('Не удалось', { description: errorText(error, 'попробуйте позже') });
    }
    setAsking(null);
  };

  return (
    <AdminSection title="Удержанные заказы">
      <p className="mb-4 text-sm text-muted-foreground">
        Заказы, оплаченные пополнением, которое потом отменили (возврат или чарджбэк). Пока вы не
        решите, товары не выдаются ни через RCON, ни плагином; игрок видит «Ожидает решения
        администратора».
      </p>
      {holds.isPending ? (
        <LoadingState text="Загрузка удержанных заказов..." />
      ) : holds.isError ? (
        <EmptyState tone="error" title={`Ошибка: ${holds.error.message}`} />
      ) : holds.data.length === 0 ? (
        <EmptyState icon={<ShieldAlert />} title="Удержанных заказов нет" />
      ) : (
        <AdminTable
          caption="Удержанные заказы"
          columns={['Заказ', 'Покупатель', 'Товары', 'Сумма', 'Баланс', 'Удержан', '']}
        >
          {holds.data.map((order) => (
            <HeldRow
              key={order.orderId}
              order={order}
              onDecide={(decision) => setAsking({ order, decision })}
            />
          ))}
        </AdminTable>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !decide.isPending && setAsking(null)}
        title={question?.title ?? ''}
        description={question?.text}
        confirmLabel={question?.confirm ?? ''}
        destructive={asking?.decision === 'cancel'}
        busy={decide.isPending}
        onConfirm={() => void confirm()}
      />
    </AdminSection>
  );
}
