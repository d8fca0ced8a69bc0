import { isVipActive, type User } from '@shop/shared';
import { Crown } from 'lucide-react';
import { cn } from '@/lib/cn';
import { vipTierLabel, type VipTierNames } from '@/lib/vip-tiers';

/** Tier names arrive in different cases ('Gold', 'gold'); the look is keyed on the lower-case name. */
const tierStyles: Record<string, string> = {
  bronze: 'border-[#c07a45]/60 bg-[#c07a45]/20 text-[#f0b88a]',
  silver: 'border-slate-300/50 bg-slate-300/15 text-slate-100',
  gold: 'border-yellow-400/60 bg-yellow-400/15 text-yellow-200',
  platinum: 'border-cyan-200/60 bg-cyan-200/15 text-cyan-100',
  diamond:
    'border-sky-400/60 bg-sky-400/15 text-sky-200 shadow-[0_0_12px_-2px_rgb(56_189_248/0.6)]',
};

/**
 * The look follows the stored tier; players read the owner's name of it (`tiers`: `site.vipTiers`),
 * the admin panel, which passes none, the stored key it selects tiers by.
 */
export function VipBadge({
  user,
  tiers,
  className,
}: {
  user: Pick<User, 'vipStatus' | 'vipExpiresAt'>;
  tiers?: VipTierNames;
  className?: string;
}) {
  if (!isVipActive(user)) return null;
  const tier = user.vipStatus.trim();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-[11px] leading-none font-bold tracking-wide uppercase',
        tierStyles[tier.toLowerCase()] ??
          'border-primary/50 bg-primary/20 text-[color-mix(in_srgb,var(--color-primary)_40%,white)]',
        className,
      )}
    >
      <Crown className="size-3" aria-hidden="true" />
      VIP {vipTierLabel(tier, tiers)}
    </span>
  );
}
