import type { Product } from '@shop/shared';
import { Flame } from 'lucide-react';
import { CardPrice } from '@/components/offer-price';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { UnavailableBuy } from '@/components/unavailable-buy';
import { useCardOffer, type CardServer } from '@/lib/card-offer';
import { availableInCountdown } from '@/lib/durations';

/** One popular product, priced as its card in the shop prices it (the sale in force, struck through). */
function PopularProductCard({
  product,
  servers,
}: {
  product: Product;
  servers: readonly CardServer[];
}) {
  const card = useCardOffer(product, servers);
  // Where the shop's card has no «Купить», neither has this one: it says why instead.
  const reason = !product.inStock
    ? 'Товар недоступен для покупки'
    : card.blockedMs !== null
      ? availableInCountdown(card.blockedMs)
      : card.unavailable;
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition-colors hover:border-primary/50">
      <div className="aspect-[4/3] bg-gradient-to-b from-white/6 to-transparent p-4">
        <ImageWithFallback
          category={product.category}
          src={product.image ?? undefined}
          alt={product.name}
          className="size-full object-contain transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="leading-tight font-bold wrap-break-word text-white">{product.name}</h3>
        {product.description && (
          <p className="line-clamp-2 text-xs text-muted-foreground">{product.description}</p>
        )}
        <CardPrice card={card} untilWipe={product.untilWipe}>
          {reason === null ? (
            <ButtonLink to="/shop" size="sm" aria-label={`Купить ${product.name}`}>
              Купить
            </ButtonLink>
          ) : (
            <UnavailableBuy productName={product.name} reason={reason} />
          )}
        </CardPrice>
      </div>
    </Card>
  );
}

/**
 * Renders nothing without products: an empty shelf says less than no shelf. `servers`: every server,
 * whose wipe sales the cards advertise and whose state says whether «Купить» can lead anywhere.
 */
export function PopularProducts({
  products,
  servers,
}: {
  products: readonly Product[];
  servers: readonly CardServer[];
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="popular-title" className="mt-12">
      <h2
        id="popular-title"
        className="mb-5 flex items-center gap-2 font-display text-2xl font-extrabold tracking-wide text-white uppercase sm:text-3xl"
      >
        <Flame className="size-6 text-primary" aria-hidden="true" />
        Популярные товары
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <PopularProductCard product={product} servers={servers} />
          </li>
        ))}
      </ul>
    </section>
  );
}
