import { Flame } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatRoubles } from '@/lib/format';

export interface PopularProduct {
  id: number;
  name: string;
  description?: string | null;
  price: number;
  image?: string | undefined;
  category?: string;
}

/** Renders nothing without products: an empty shelf says less than no shelf. */
export function PopularProducts({ products }: { products: readonly PopularProduct[] }) {
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
            <Card className="group flex w-full flex-col overflow-hidden transition-colors hover:border-primary/50">
              <div className="aspect-[4/3] bg-gradient-to-b from-white/6 to-transparent p-4">
                <ImageWithFallback
                  category={product.category}
                  src={product.image}
                  alt={product.name}
                  className="size-full object-contain transition-transform duration-300 group-hover:scale-105"
                />
              </div>
              <div className="flex flex-1 flex-col gap-1.5 p-4">
                <h3 className="leading-tight font-bold text-white">{product.name}</h3>
                {product.description && (
                  <p className="line-clamp-2 text-xs text-muted-foreground">
                    {product.description}
                  </p>
                )}
                {/* The button wraps under the price where the card is too narrow for both (a 360 px phone). */}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
                  <span className="text-lg font-extrabold whitespace-nowrap text-white tabular-nums">
                    {formatRoubles(product.price)}
                  </span>
                  <ButtonLink to="/shop" size="sm" aria-label={`Купить ${product.name}`}>
                    Купить
                  </ButtonLink>
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
