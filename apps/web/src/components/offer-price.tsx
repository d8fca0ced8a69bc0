import { Badge } from '@/components/ui/badge';
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
