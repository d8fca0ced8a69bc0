import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { PopularProducts, type PopularProduct } from './popular-products';

export function HomePage({
  playersOnline,
  playersLoading,
  popularProducts,
}: {
  playersOnline: number;
  playersLoading: boolean;
  popularProducts: readonly PopularProduct[];
}) {
  return (
    <>
      <Hero playersOnline={playersOnline} loading={playersLoading} />
      <PopularProducts products={popularProducts} />
      <FeatureCards />
    </>
  );
}
