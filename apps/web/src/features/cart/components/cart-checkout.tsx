import { LoaderCircle, ShoppingBag, TriangleAlert } from 'lucide-react';
import type { GiftDraft } from '@/components/gift/gift-draft';
import { GiftSummary } from '@/components/gift/gift-summary';
import { GiftToggle } from '@/components/gift/gift-toggle';
import { ServerSelect } from '@/components/server-select';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PriceChangedNotice } from '@/components/price-changed-notice';
import { WipeWarning } from '@/components/wipe-warning';
import { availableInCountdown } from '@/lib/durations';
import { formatRoubles } from '@/lib/format';
import type { PriceChange } from '@/lib/price-changed';
import type { PurchaseServer } from '@/lib/purchase-servers';
import type { PricedCartItem } from '../cart-pricing';
import { blockedItems, type BlockedItem } from '../cart-rules';

function blockedText(item: BlockedItem): string {
  if (item.reason === 'unavailable')
    return 'сейчас недоступен для покупки — удалите его из корзины.';
  if (item.reason === 'other-server') return 'не продаётся для выбранного сервера.';
  return `на этом сервере недавно был вайп: ${availableInCountdown(item.leftMs).toLowerCase()}.`;
}

/** SPEC §2 delivery server and totals; §5: buying needs the balance to cover a non-empty cart. */
export function CartCheckout({
  items,
  total,
  priceChange,
  missing,
  now,
  wipeWarningMs,
  servers,
  serverId,
  onServerChange,
  busy,
  onBuy,
  gift,
  onGiftChange,
}: {
  items: readonly PricedCartItem[];
  total: number;
  /** Set after the shop refused a total that rose: what changed, and the ask to confirm again. */
  priceChange?: PriceChange | null;
  /** What the balance lacks for the total; 0 when it covers it. */
  missing: number;
  now: number;
  /** Time left before the chosen server's wipe when its items are worth a warning, else null. */
  wipeWarningMs: number | null;
  /** Online servers that take deliveries. */
  servers: readonly PurchaseServer[];
  serverId: number | null;
  onServerChange: (serverId: number) => void;
  busy: boolean;
  onBuy: () => void;
  gift: GiftDraft;
  onGiftChange: (gift: GiftDraft) => void;
}) {
  const blocked = blockedItems(items, serverId, now);

  return (
    <Card className="flex flex-col gap-4 p-5">
      <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
        Оформление
      </h2>
      <div className="grid gap-2">
        <Label htmlFor="cart-server">Сервер доставки</Label>
        <ServerSelect
          id="cart-server"
          servers={servers}
          value={serverId}
          onChange={onServerChange}
          disabled={busy || servers.length === 0}
        />
        {servers.length === 0 && (
          <p className="text-xs text-[#ff9b91]">
            Нет доступных серверов. Пожалуйста, попробуйте позже.
          </p>
        )}
      </div>

      {wipeWarningMs !== null && <WipeWarning leftMs={wipeWarningMs} />}

      <GiftToggle id="cart-gift" draft={gift} onChange={onGiftChange} disabled={busy} />

      <dl className="grid gap-2 border-t border-white/8 pt-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Товары ({items.length})</dt>
          <dd className="text-white tabular-nums">{formatRoubles(total)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Доставка</dt>
          <dd className="text-[#8ee0a6]">бесплатно</dd>
        </div>
        <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-white/8 pt-3">
          <dt className="font-semibold text-white">Итого</dt>
          <dd className="text-2xl font-extrabold text-white tabular-nums">
            {formatRoubles(total)}
          </dd>
        </div>
      </dl>

      <PriceChangedNotice change={priceChange ?? null} />
      {missing > 0 && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-destructive/35 bg-destructive/12 px-3 py-2 text-sm font-medium text-[#ff9b91]"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          Недостаточно средств (не хватает {formatRoubles(missing)})
        </p>
      )}
      {blocked.length > 0 && (
        <ul className="grid gap-1 rounded-md border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-[#f5d27e]">
          {blocked.map((item) => (
            <li key={item.id}>
              «{item.name}» {blockedText(item)}
            </li>
          ))}
        </ul>
      )}

      <GiftSummary draft={gift} />

      <Button
        size="lg"
        onClick={onBuy}
        disabled={busy || missing > 0 || items.length === 0 || blocked.length > 0}
        aria-busy={busy}
      >
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <ShoppingBag aria-hidden="true" />
        )}
        {busy ? 'Обработка...' : `${gift.open ? 'Подарить' : 'Купить'} за ${formatRoubles(total)}`}
      </Button>
    </Card>
  );
}
