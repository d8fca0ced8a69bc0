import type { Product } from '@shop/shared';
import { Boxes, Clock, Flame, Gift, Lock, Server } from 'lucide-react';
import { toast } from '@/lib/toast';
import { CardPrice } from '@/components/offer-price';
import { UnavailableBuy } from '@/components/unavailable-buy';
import { Badge, badgeVariants } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { useCardOffer, type CardServer } from '@/lib/card-offer';
import { cn } from '@/lib/cn';
import { availableInCountdown } from '@/lib/durations';
import { kitItemCount } from '../kit-contents';
import { KitCardContents } from './kit-contents';

function PurchaseArea({
  product,
  locked,
  blockedMs,
  unavailable,
  onBuy,
}: {
  product: Product;
  locked: boolean;
  /** How long the wipe block still holds, or null. */
  blockedMs: number | null;
  /** Why no server it goes to takes deliveries now, or null. */
  unavailable: string | null;
  onBuy?: (product: Product) => void;
}) {
  if (locked)
    return (
      <Button size="sm" variant="secondary" disabled aria-label={`ЛИЧНЫЙ: ${product.name}`}>
        <span aria-hidden="true">🔒</span> ЛИЧНЫЙ
      </Button>
    );
  if (!product.inStock)
    return (
      <p className="w-full rounded-md border border-destructive/30 bg-destructive/10 px-2 py-1.5 text-center text-xs text-[#ff9b91]">
        Товар недоступен для покупки.
      </p>
    );
  // A wipe block says when the product can be bought; a server's state may change any minute.
  if (blockedMs !== null)
    return (
      <p className="flex w-full items-center justify-center gap-1.5 rounded-md border border-warning/30 bg-warning/10 px-2 py-1.5 text-center text-xs font-medium text-[#f5d27e]">
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        {availableInCountdown(blockedMs)}
      </p>
    );
  if (unavailable !== null)
    return <UnavailableBuy productName={product.name} reason={unavailable} />;
  if (!onBuy) return null;
  return (
    <Button size="sm" onClick={() => onBuy(product)} aria-label={`Купить ${product.name}`}>
      Купить
    </Button>
  );
}

export function ProductCard({
  product,
  categoryName,
  serverName,
  servers,
  filterServerId = null,
  locked = false,
  onBuy,
}: {
  product: Product;
  /** The product's category as the owner names it (shop/categories.ts). */
  categoryName: string;
  serverName: string;
  /** Every server: where it can be sent now, its offers there, and their names. */
  servers: readonly CardServer[];
  /** The server chosen in the filters: its own price and availability are shown. */
  filterServerId?: number | null;
  /** A personal gift meant for someone else. */
  locked?: boolean;
  onBuy?: (product: Product) => void;
}) {
  const titleId = `product-${product.id}-title`;
  const card = useCardOffer(product, servers, filterServerId);
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className="group flex w-full flex-col overflow-hidden transition-colors hover:border-primary/50"
    >
      <div className="relative aspect-square bg-gradient-to-b from-white/6 to-transparent p-5">
        <ImageWithFallback
          category={product.category}
          src={product.image ?? undefined}
          alt=""
          className={cn(
            'size-full object-contain drop-shadow-[0_8px_16px_rgb(0_0_0/0.6)] transition-transform duration-300 group-hover:scale-105',
            card.blockedMs !== null && 'opacity-60 grayscale-[40%]',
          )}
        />
        <div className="absolute top-2 left-2 flex flex-col gap-1">
          {product.popular && (
            <Badge>
              <Flame aria-hidden="true" />
              Популярное
            </Badge>
          )}
          {locked ? (
            // The buy button is disabled; this lock is what answers a curious click (SPEC §6).
            <button
              type="button"
              aria-label={`Личный подарок: ${product.name}`}
              onClick={() => toast.error('Нет доступа', { description: 'Личный подарок!' })}
              className={cn(
                badgeVariants({ variant: 'warning' }),
                'cursor-pointer hover:bg-warning/25 focus-visible:outline-2 focus-visible:outline-ring',
              )}
            >
              <Lock aria-hidden="true" />
              Личный
            </button>
          ) : (
            product.personalUserId !== null && (
              <Badge variant="warning">
                <Gift aria-hidden="true" />
                Ваш подарок
              </Badge>
            )
          )}
        </div>
        {product.kitItems ? (
          <Badge variant="secondary" className="absolute right-2 bottom-2">
            <Boxes aria-hidden="true" />
            <span className="max-sm:sr-only">Набор ·</span> {kitItemCount(product.kitItems.length)}
          </Badge>
        ) : (
          <Badge
            variant="secondary"
            className="absolute right-2 bottom-2 font-mono"
            aria-label={`Количество: ${product.quantity} шт.`}
          >
            x{product.quantity}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="text-[11px] font-bold tracking-widest text-accent uppercase">
          {categoryName}
        </p>
        <h3
          id={titleId}
          className="leading-tight font-bold wrap-break-word hyphens-auto text-white"
        >
          {product.name}
        </h3>
        {product.description && (
          <p className="line-clamp-2 text-xs text-muted-foreground">{product.description}</p>
        )}
        {product.kitItems && <KitCardContents items={product.kitItems} />}
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Server className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{serverName}</span>
        </p>
        <CardPrice card={card} untilWipe={product.untilWipe}>
          <PurchaseArea
            product={product}
            locked={locked}
            blockedMs={card.blockedMs}
            unavailable={card.unavailable}
            onBuy={onBuy}
          />
        </CardPrice>
      </div>
    </Card>
  );
}
