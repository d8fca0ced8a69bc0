import { CircleAlert, Clock, LoaderCircle, RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { AdminOrder } from '../api/get-admin-orders';
import { useRefundOrder } from '../api/refund-order';
import { useRetryDelivery } from '../../shared/api/retry-delivery';
import { Can } from '../../shared/components/can';
import { useCan } from '../../shared/permissions-context';
import {
  deliveryProblemText,
  type DeliveryProblems,
  type OrderDelivery,
} from '../delivery-problems';

function StateIcon({ status }: { status: OrderDelivery['status'] }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (status === 'failed') return <CircleAlert aria-hidden="true" className={className} />;
  if (status === 'sending')
    return <LoaderCircle aria-hidden="true" className={cn(className, 'animate-spin')} />;
  return <Clock aria-hidden="true" className={className} />;
}

/**
 * The open deliveries of one order, with the admin's two ways out: send a failed one again, or
 * return the money for everything not given.
 */
export function OrderDeliveryDetails({
  order,
  problems,
}: {
  order: AdminOrder;
  problems: DeliveryProblems;
}) {
  const shortId = order.id.slice(0, 8);
  const [retrying, setRetrying] = useState<OrderDelivery | null>(null);
  const [refunding, setRefunding] = useState(false);
  const retry = useRetryDelivery();
  const refund = useRefundOrder();
  const can = useCan();
  const listed = [...problems.failed, ...problems.waiting, ...problems.sending];

  const confirmRetry = async (delivery: OrderDelivery) => {
    try {
      await retry.mutateAsync(delivery.id);
      toast.success('Успешно', { description: 'Выдача отправлена повторно' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось повторить выдачу') });
    } finally {
      setRetrying(null);
    }
  };

  const confirmRefund = async () => {
    try {
      const reply = await refund.mutateAsync(order.id);
      toast.success('Успешно', { description: reply.message });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось вернуть деньги') });
    } finally {
      setRefunding(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={`Выдача заказа ${shortId}`} className="flex flex-col gap-2">
        {listed.map((delivery) => (
          <li
            key={delivery.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md border border-white/8 bg-black/25 px-3 py-2"
          >
            <div className="flex min-w-0 flex-[1_1_14rem] flex-col">
              <span className="font-medium [overflow-wrap:anywhere] text-white">
                {delivery.itemName}
              </span>
              <span
                className={cn(
                  'flex items-start gap-1.5 text-xs [overflow-wrap:anywhere]',
                  delivery.status === 'failed' ? 'text-[#ff9b91]' : 'text-[#f5d27e]',
                )}
              >
                <StateIcon status={delivery.status} />
                {deliveryProblemText(delivery)}
              </span>
            </div>
            {delivery.status === 'failed' && can('orders.refund') && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Повторить выдачу: ${delivery.itemName}`}
                onClick={() => setRetrying(delivery)}
                className="max-sm:flex-1"
              >
                <RotateCcw aria-hidden="true" />
                Повторить выдачу
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Can permission="orders.refund">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Вернуть деньги за заказ ${shortId}`}
            onClick={() => setRefunding(true)}
            className="max-sm:w-full"
          >
            <Undo2 aria-hidden="true" />
            Вернуть деньги
          </Button>
          <p className="text-xs text-muted-foreground">
            Ожидающие и неудавшиеся выдачи отменяются, их стоимость вернётся на баланс игрока.
          </p>
        </div>
      </Can>

      <ConfirmDialog
        open={retrying !== null}
        onOpenChange={(open) => !open && setRetrying(null)}
        title="Повторить выдачу?"
        description={
          retrying &&
          `Сначала проверьте инвентарь игрока ${order.username} в игре: неудавшаяся выдача «${retrying.itemName}» могла выдать часть предметов. Выдача продолжится с последнего подтверждённого шага.`
        }
        confirmLabel="Повторить выдачу"
        destructive={false}
        busy={retry.isPending}
        onConfirm={() => retrying && void confirmRetry(retrying)}
      />
      <ConfirmDialog
        open={refunding}
        onOpenChange={setRefunding}
        title="Вернуть деньги за невыданное?"
        description={`Ожидающие и неудавшиеся выдачи заказа #${shortId} будут отменены, а их стоимость вернётся на баланс игрока ${order.username}. Выдачи, которые идут прямо сейчас, не затрагиваются.`}
        confirmLabel="Вернуть деньги"
        busy={refund.isPending}
        onConfirm={() => void confirmRefund()}
      />
    </div>
  );
}
