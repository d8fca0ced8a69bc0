import { TriangleAlert } from 'lucide-react';
import { PRICE_CHANGED_ASK, type PriceChange } from '@/lib/price-changed';

/** Beside the buy button after a refused total: what changed, and that the new one is asked. */
export function PriceChangedNotice({ change }: { change: PriceChange | null }) {
  if (!change) return null;
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-warning/35 bg-warning/10 px-3 py-2 text-sm text-foreground/90"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>
        {change.message}. {PRICE_CHANGED_ASK}
      </span>
    </p>
  );
}
