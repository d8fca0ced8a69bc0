import { Server, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { CardOffer } from '@/lib/card-offer';
import { cn } from '@/lib/cn';
import { formatRoubles } from '@/lib/format';
import { isOnSale, type Offer } from '@/lib/product-offer';

/** «−30 %», from the sale's own percent or, failing that, from the two prices. */
export function discountText(offer: Offer & { originalPrice: number }): string {
  const percent = offer.salePercent ?? Math.round((1 - offer.price / offer.originalPrice) * 100);
  return `−${percent}\u00a0%`;
}

/** The old price struck through and the discount: what tells a sale at a glance. */
export function SaleMark({ offer, className }: { offer: Offer; className?: string }) {
  if (!isOnSale(offer)) return null;
  return (
    <span className={className}>
      <span className="sr-only">Цена без скидки: </span>
      <del className="text-muted-foreground tabular-nums decoration-[#ff9b91]/80">
        {formatRoubles(offer.originalPrice)}
      </del>{' '}
      <Badge variant="sale" className="align-[1px]">
        <span className="sr-only">Скидка </span>
        {discountText(offer)}
      </Badge>
    </span>
  );
}

/** A price in one line, as the dialog and the cart state it: «<s>1 499 ₽</s> −30 % 1 049 ₽». */
export function OfferPrice({ offer }: { offer: Offer }) {
  return (
    <>
      <SaleMark offer={offer} />{' '}
      <span className={isOnSale(offer) ? 'font-semibold text-accent' : undefined}>
        {isOnSale(offer) && <span className="sr-only">Цена со скидкой: </span>}
        {formatRoubles(offer.price)}
      </span>
    </>
  );
}

/**
 * A product card's price, the same on Home and in the shop: the old price struck through with the
 * discount, then the price in force beside the card's action (`children`), which wraps under the
 * price where the card is too narrow for both (a 360 px phone), then where and how long it holds.
 */
export function CardPrice({
  card,
  untilWipe,
  children,
}: {
  card: Pick<CardOffer, 'offer' | 'note'>;
  untilWipe: boolean;
  children?: ReactNode;
}) {
  const { offer, note } = card;
  return (
    <div className="mt-auto flex flex-col gap-1 pt-3">
      <SaleMark offer={offer} className="text-xs" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-baseline gap-x-1.5">
          {isOnSale(offer) && <span className="sr-only">Цена со скидкой: </span>}
          <span
            className={cn(
              'text-lg font-extrabold whitespace-nowrap tabular-nums',
              isOnSale(offer) ? 'text-accent' : 'text-white',
            )}
          >
            {formatRoubles(offer.price)}
          </span>
          {untilWipe && <span className="text-xs font-medium text-muted-foreground">до вайпа</span>}
        </p>
        {children}
      </div>
      {note && (
        <p className="line-clamp-3 text-[11px] leading-snug break-words text-accent/90">
          {note.ending ? (
            <Timer className="mr-1 inline size-3 align-[-2px]" aria-hidden="true" />
          ) : (
            <Server className="mr-1 inline size-3 align-[-2px]" aria-hidden="true" />
          )}
          {note.text}
        </p>
      )}
    </div>
  );
}
