import type { WaitingPromo } from '@shop/shared';
import { Gift } from 'lucide-react';
import { formatRoubles } from '@/lib/format';
import type { BonusPreview } from '../top-up-schema';

/**
 * What a top-up will credit, under its amount, part by part as the server credits it: the tier's
 * or the shop's bonus, the first top-up's, the waiting promo code's, and the total (SPEC §2: only
 * for an amount the form accepts). With no bonus at all there is nothing to add: no note.
 */
export function BonusPreviewNote({
  preview,
  promo,
}: {
  preview: BonusPreview;
  promo: WaitingPromo['promo'];
}) {
  const parts: string[] = [];
  if (preview.percent > 0) {
    const tier = preview.tierFrom === null ? '' : ` (от ${formatRoubles(preview.tierFrom)})`;
    parts.push(`Бонус +${preview.percent}%${tier}: +${formatRoubles(preview.bonus)}`);
  }
  if (preview.firstPercent > 0) {
    parts.push(
      `${parts.length ? '' : 'Бонус '}+${preview.firstPercent}% за первое пополнение: +${formatRoubles(preview.firstBonus)}`,
    );
  }
  if (promo && preview.promoPercent > 0) {
    parts.push(
      `${parts.length ? '' : 'Бонус '}+${preview.promoPercent}% по промокоду ${promo.code}: +${formatRoubles(preview.promoBonus)}`,
    );
  }
  if (parts.length === 0) return null;
  const joined =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} и ${parts[parts.length - 1]}`;
  return (
    <p
      aria-live="polite"
      className="flex items-center gap-2 rounded-md border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-[#ffd391]"
    >
      <Gift className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {joined} · будет зачислено {formatRoubles(preview.total)}
      </span>
    </p>
  );
}
