import type { Product } from '@shop/shared';
import type { CardServer } from '@/lib/card-offer';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { PopularProducts } from './popular-products';

export function HomePage({
  playersOnline,
  playersLoading,
  popularProducts,
  servers,
}: {
  playersOnline: number;
  playersLoading: boolean;
  popularProducts: readonly Product[];
  /** Every server, for the products' prices there and whether they take deliveries now. */
  servers: readonly CardServer[];
}) {
  return (
    <>
      <Hero playersOnline={playersOnline} loading={playersLoading} />
      <PopularProducts products={popularProducts} servers={servers} />
      <FeatureCards />
    </>
  );
}
