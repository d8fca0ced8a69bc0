import type { Product } from '@shop/shared';
import { Clock, Hourglass, Info } from 'lucide-react';
import { WipeWarning } from '@/components/wipe-warning';
import { availableInCountdown, countdownText } from '@/lib/durations';
import { vanishesAtWipe, wipeWarningIn } from '@/lib/product-offer';
import type { PurchaseServer } from '@/lib/purchase-servers';

interface WipeNoteProps {
  product: Pick<Product, 'category' | 'vipTier' | 'untilWipe'>;
  server: Pick<PurchaseServer, 'nextWipeAt'> | undefined;
  blockedMs: number | null;
  wipeWarnHours: number;
  now: number;
}

/**
 * What the chosen server's wipe means for this purchase: the product is still held back after it,
 * the items would be lost at the next one soon, or what is bought lasts until it.
 */
function WipeNote({ product, server, blockedMs, wipeWarnHours, now }: WipeNoteProps) {
  if (!server) return null;
  if (blockedMs !== null)
    return (
      <p
        id="purchase-wipe"
        className="flex gap-2 rounded-md border border-warning/35 bg-warning/10 px-3 py-2.5 text-sm font-medium text-[#f5d27e]"
      >
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {availableInCountdown(blockedMs)}: на этом сервере недавно был вайп. Выберите другой
          сервер или вернитесь позже.
        </span>
      </p>
    );
  const warningMs = vanishesAtWipe(product)
    ? wipeWarningIn(server.nextWipeAt, wipeWarnHours, now)
    : null;
  if (warningMs !== null) return <WipeWarning id="purchase-wipe" leftMs={warningMs} />;
  if (!product.untilWipe) return null;
  const nextWipeMs = server.nextWipeAt === null ? null : Date.parse(server.nextWipeAt) - now;
  return (
    <p
      id="purchase-wipe"
      className="flex gap-2 rounded-md border border-white/10 bg-white/4 px-3 py-2.5 text-sm text-foreground/90"
    >
      <Hourglass className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        Действует до вайпа сервера
        {nextWipeMs !== null && nextWipeMs > 0 && ` — он через ${countdownText(nextWipeMs)}`}.
      </span>
    </p>
  );
}

/** The notes on the chosen server: its wipe (see WipeNote), then how it delivers (SPEC §5). */
export function PurchaseServerNotes({
  deliveryHint,
  ...wipe
}: WipeNoteProps & { deliveryHint: string | null }) {
  return (
    <>
      <WipeNote {...wipe} />
      {deliveryHint && (
        <p
          id="purchase-delivery"
          className="flex gap-2 rounded-md border border-accent/25 bg-accent/8 px-3 py-2.5 text-sm text-foreground/90"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          {deliveryHint}
        </p>
      )}
    </>
  );
}
