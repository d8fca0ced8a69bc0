import { Gift, Quote, Server, SquareTerminal } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { QueryView } from '@/components/ui/query-view';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useGifts, type ReceivedGift } from '../api/get-gifts';
import { deliveryState } from '../delivery-state';
import { deliveryToneText, OrderItemList } from './order-item-list';

function GiftCard({ gift }: { gift: ReceivedGift }) {
  const cancelled = gift.delivery.status === 'cancelled';
  // A refund pays the buyer back: the recipient only learns that the gift will not come.
  const delivery = cancelled
    ? { text: 'Подарок отменён', tone: 'secondary' as const, hint: null }
    : deliveryState({
        status: 'pending',
        isDelivered: gift.delivery.status === 'delivered',
        delivery: gift.delivery,
      });
  const titleId = `gift-${gift.orderId}-title`;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <UserAvatar src={gift.from.avatar} name={gift.from.name} className="size-10" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-sm font-bold text-white">
            Подарок от {gift.from.name}
          </h3>
          <p className="text-xs text-muted-foreground">{formatDateTime(gift.createdAt)}</p>
        </div>
        <Gift className="size-5 shrink-0 text-accent" aria-hidden="true" />
      </div>

      {gift.message && (
        <blockquote className="flex gap-2 rounded-md border-l-2 border-accent bg-accent/8 px-3 py-2 text-sm [overflow-wrap:anywhere] text-foreground/95">
          <Quote className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          {gift.message}
        </blockquote>
      )}

      <OrderItemList items={gift.items} label="Подаренные товары" className="flex flex-col gap-2" />

      <div className="mt-auto grid gap-1.5 rounded-lg border border-white/8 bg-black/25 px-3 py-2.5 text-sm">
        <p className={cn('font-medium', deliveryToneText[delivery.tone])}>
          <span className="sr-only">Выдача: </span>
          {delivery.text}
        </p>
        {delivery.hint && (
          <p className="flex items-start gap-2 text-xs text-foreground/85">
            <SquareTerminal className="size-4 shrink-0 text-accent" aria-hidden="true" />
            {delivery.hint}
          </p>
        )}
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <Server className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">Сервер: {gift.serverName ?? 'Неизвестный сервер'}</span>
        </p>
      </div>
    </Card>
  );
}

/** «Подарки»: what other players bought for this one, newest first. */
export function GiftsTab() {
  const gifts = useGifts(true);
  return (
    <QueryView query={gifts} loading="Загрузка..." empty="Подарков пока нет" emptyIcon={<Gift />}>
      {(list) => (
        <ul aria-label="Подарки" className="grid gap-3 lg:grid-cols-2">
          {list.map((gift) => (
            <li key={gift.orderId} className="flex flex-col [&>*]:flex-1">
              <GiftCard gift={gift} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
