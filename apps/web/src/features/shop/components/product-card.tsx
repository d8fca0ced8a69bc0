import { Flame, Server } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatRoubles } from '@/lib/format';
import { productImage, type Product } from '../api/get-products';
import { categoryLabel } from '../categories';

export function ProductCard({
  product,
  serverName,
  onBuy,
}: {
  product: Product;
  serverName: string;
  onBuy?: (product: Product) => void;
}) {
  const quantity = product.quantity ?? 1;
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition-colors hover:border-primary/50">
      <div className="relative aspect-square bg-gradient-to-b from-white/6 to-transparent p-5">
        <ImageWithFallback
          src={productImage(product)}
          alt={product.name}
          className="size-full object-contain drop-shadow-[0_8px_16px_rgb(0_0_0/0.6)] transition-transform duration-300 group-hover:scale-105"
        />
        {product.popular && (
          <Badge className="absolute top-2 left-2">
            <Flame aria-hidden="true" />
            Популярное
          </Badge>
        )}
        {quantity > 1 && (
          <Badge variant="secondary" className="absolute top-2 right-2 font-mono">
            x{quantity}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <p className="text-[11px] font-bold tracking-widest text-accent uppercase">
          {categoryLabel(product.category)}
        </p>
        <h3 className="leading-tight font-bold text-white">{product.name}</h3>
        {product.description && (
          <p className="line-clamp-2 text-xs text-muted-foreground">{product.description}</p>
        )}
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Server className="size-3.5" aria-hidden="true" />
          {serverName}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="text-lg font-extrabold text-white tabular-nums">
            {formatRoubles(product.price)}
          </span>
          {onBuy && (
            <Button size="sm" onClick={() => onBuy(product)} aria-label={`Купить ${product.name}`}>
              Купить
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
