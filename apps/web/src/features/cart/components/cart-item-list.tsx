import { formatKits, formatStacks, stacksFor } from '@shop/shared';
import { Minus, Plus, Server, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { OfferPrice } from '@/components/offer-price';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatNumber, formatRoubles } from '@/lib/format';
import { useRemoveCartItem } from '../api/remove-cart-item';
import type { PricedCartItem } from '../cart-pricing';
import { itemServerId } from '../cart-rules';

function CartItemRow({
  item,
  serverName,
  onRemove,
  removing,
}: {
  item: PricedCartItem;
  serverName: string | null;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:gap-4 sm:p-4">
      <ImageWithFallback
        src={item.image ?? undefined}
        category={item.category}
        alt=""
        className="size-16 shrink-0 rounded-lg bg-white/5 object-contain p-1.5"
      />
      <div className="min-w-0 flex-1">
        <p className="leading-tight font-bold text-white">{item.name}</p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <OfferPrice offer={item.offer} /> {item.isKit ? 'за набор' : 'за стак'} ·{' '}
          {item.isKit
            ? formatKits(item.quantity)
            : formatStacks(stacksFor(item.quantity, item.stackSize))}
        </p>
        {serverName && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
            <Server className="size-3.5 shrink-0" aria-hidden="true" />
            Только для: {serverName}
          </p>
        )}
        {!item.available && (
          <Badge variant="destructive" className="mt-1.5">
            Товар недоступен для покупки.
          </Badge>
        )}
      </div>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
        {/* SPEC §2: the quantity is fixed in the cart; it is chosen in the shop's dialog. */}
        <div className="flex items-center gap-1" title="Количество выбирается в магазине">
          <Button variant="outline" size="icon-sm" disabled aria-label={`Уменьшить: ${item.name}`}>
            <Minus aria-hidden="true" />
          </Button>
          <span
            className="min-w-16 text-center text-sm font-semibold text-white tabular-nums"
            aria-label={`Количество: ${formatNumber(item.quantity)} шт.`}
          >
            {formatNumber(item.quantity)} шт.
          </span>
          <Button variant="outline" size="icon-sm" disabled aria-label={`Увеличить: ${item.name}`}>
            <Plus aria-hidden="true" />
          </Button>
        </div>
        <span className="min-w-20 text-right font-extrabold text-white tabular-nums">
          {formatRoubles(item.lineTotal)}
        </span>
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          aria-label={`Удалить ${item.name} из корзины`}
          title="Удалить"
          disabled={removing}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}

export function CartItemList({
  items,
  servers,
}: {
  items: readonly PricedCartItem[];
  servers: readonly { id: number; name: string }[];
}) {
  const remove = useRemoveCartItem();
  const onRemove = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.success('Товар удален'),
      onError: () => toast.error('Ошибка', { description: 'Не удалось удалить товар из корзины' }),
    });

  return (
    <ul aria-label="Товары в корзине" className="flex flex-col gap-3">
      {items.map((item) => {
        const limitedTo = itemServerId(item);
        const serverName =
          limitedTo === null
            ? null
            : (servers.find((server) => server.id === limitedTo)?.name ?? 'Неизвестный сервер');
        return (
          <li key={item.id}>
            <CartItemRow
              item={item}
              serverName={serverName}
              removing={remove.isPending && remove.variables === item.id}
              onRemove={() => onRemove(item.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}
