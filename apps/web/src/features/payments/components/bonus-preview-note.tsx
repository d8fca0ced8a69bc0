import { BASE_BONUS_PERCENT, type WaitingPromo } from '@shop/shared';
import { Gift } from 'lucide-react';
import { formatRoubles } from '@/lib/format';
import type { bonusPreview } from '../top-up-schema';

/**
 * What a top-up will credit, under its amount: the site's bonus, the waiting promo code's percent
 * when there is one, and the total (SPEC §2: only for an amount the form accepts).
 */
export function BonusPreviewNote({
  preview,
  promo,
}: {
  preview: NonNullable<ReturnType<typeof bonusPreview>>;
  promo: WaitingPromo['promo'];
}) {
  return (
    <p
      aria-live="polite"
      className="flex items-center gap-2 rounded-md border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-[#ffd391]"
    >
      <Gift className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Бонус +{BASE_BONUS_PERCENT}%: +{formatRoubles(preview.bonus)}
        {promo && preview.promoBonus > 0 && (
          <>
            {' '}
            и +{promo.percent}% по промокоду {promo.code}: +{formatRoubles(preview.promoBonus)}
          </>
        )}{' '}
        · будет зачислено {formatRoubles(preview.total)}
      </span>
    </p>
  );
}
