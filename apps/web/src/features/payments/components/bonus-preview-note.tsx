import type { WaitingPromo } from '@shop/shared';
import { Gift } from 'lucide-react';
import { formatRoubles } from '@/lib/format';
import type { BonusPreview } from '../top-up-schema';

/**
 * What a top-up will credit, under its amount: the shop's bonus (when the owner gives one), the
 * waiting promo code's percent when there is one, and the total (SPEC §2: only for an amount the
 * form accepts). With neither bonus there is nothing to add to the amount typed: no note.
 */
export function BonusPreviewNote({
  preview,
  bonusPercent,
  promo,
}: {
  preview: BonusPreview;
  /** The shop's base bonus percent, as the dialog states it. */
  bonusPercent: number;
  promo: WaitingPromo['promo'];
}) {
  const base =
    bonusPercent > 0 ? `Бонус +${bonusPercent}%: +${formatRoubles(preview.bonus)}` : null;
  const code =
    promo && preview.promoBonus > 0
      ? `+${promo.percent}% по промокоду ${promo.code}: +${formatRoubles(preview.promoBonus)}`
      : null;
  if (!base && !code) return null;
  return (
    <p
      aria-live="polite"
      className="flex items-center gap-2 rounded-md border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-[#ffd391]"
    >
      <Gift className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {base && code ? `${base} и ${code}` : (base ?? `Бонус ${code}`)} · будет зачислено{' '}
        {formatRoubles(preview.total)}
      </span>
    </p>
  );
}
