import type { Product } from '@shop/shared';
import { TriangleAlert } from 'lucide-react';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatRoubles } from '@/lib/format';

/** The purchase dialog's head: the product's picture and what the chosen quantity gives. */
export function PurchaseProductSummary({
  product,
  summary,
}: {
  product: Product;
  summary: string;
}) {
  return (
    <div className="flex items-center gap-4 rounded-lg border border-white/8 bg-white/4 p-3">
      <ImageWithFallback
        category={product.category}
        src={product.image ?? undefined}
        alt=""
        className="size-16 shrink-0 object-contain drop-shadow-[0_6px_12px_rgb(0_0_0/0.6)]"
      />
      {/* flex-1: the picture keeps to the left, its auto margins find no room to centre it. */}
      <p
        id="purchase-summary"
        aria-live="polite"
        className="min-w-0 flex-1 text-sm font-semibold text-white tabular-nums"
      >
        {summary}
      </p>
    </div>
  );
}

/** The balance under the choices, and what it lacks for the total shown. */
export function PurchaseBalanceLine({ balance, missing }: { balance: number; missing: number }) {
  return (
    <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span>Ваш баланс: {formatRoubles(balance)}</span>
      {missing > 0 && (
        <span className="flex items-center gap-1.5 font-medium text-[#ff9b91]">
          <TriangleAlert className="size-4" aria-hidden="true" />
          Не хватает {formatRoubles(missing)}
        </span>
      )}
    </p>
  );
}
