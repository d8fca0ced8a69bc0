import type { Product, PublicSite } from '@shop/shared';
import type { CardServer } from '@/lib/card-offer';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { PopularProducts } from './popular-products';

export function HomePage({
  texts,
  playersOnline,
  playersLoading,
  popularProducts,
  servers,
}: {
  /** The owner's page texts; undefined before the settings arrive (nothing of theirs is drawn). */
  texts: PublicSite['texts'] | undefined;
  playersOnline: number;
  playersLoading: boolean;
  popularProducts: readonly Product[];
  /** Every server, for the products' prices there and whether they take deliveries now. */
  servers: readonly CardServer[];
}) {
  return (
    <>
      <Hero hero={texts?.hero} playersOnline={playersOnline} loading={playersLoading} />
      <PopularProducts products={popularProducts} servers={servers} />
      <FeatureCards features={texts?.features ?? []} />
    </>
  );
}
