import type { Product, VipPlan } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { api } from '@/lib/api-client';
import { vipPlanLabelled, type VipTierNames } from '@/lib/vip-tiers';

/**
 * «После покупки: Gold до 26.12, затем Silver до 02.01»: what a VIP purchase leaves its holder with,
 * read before paying. For a gift it names the recipient, whose VIP it is.
 */
export function VipPlanLine({
  plan,
  tiers,
  recipientName,
  now,
}: {
  plan: VipPlan;
  /** The owner's names of the tiers (`site.vipTiers`). */
  tiers: VipTierNames | undefined;
  recipientName?: string | null;
  now?: Date;
}) {
  return (
    <p
      id="purchase-vip-plan"
      role="status"
      aria-live="polite"
      className="flex items-start gap-2 rounded-md border border-[#f3c969]/30 bg-[#f3c969]/8 px-3 py-2 text-sm text-white"
    >
      <Crown className="mt-0.5 size-4 shrink-0 text-[#f3c969]" aria-hidden="true" />
      <span>
        {recipientName ? `У ${recipientName} будет: ` : 'После покупки: '}
        {vipPlanLabelled(plan.after, tiers, now)}
      </span>
    </p>
  );
}

/** The plan a VIP product would make, from the server (the holder's terms are the server's). */
export function VipPlanNote({
  product,
  tiers,
  serverId,
  quantity,
  gift,
}: {
  product: Pick<Product, 'id' | 'vipTier'>;
  tiers: VipTierNames | undefined;
  serverId: number | null;
  quantity: number;
  /** A gift: its recipient once found (null while not yet), else undefined. */
  gift?: { steamId: string; name: string } | null;
}) {
  const giftTo = gift?.steamId;
  const enabled = product.vipTier !== null && serverId !== null && quantity > 0 && gift !== null;
  const params = new URLSearchParams({
    productId: String(product.id),
    serverId: String(serverId),
    quantity: String(quantity),
    ...(giftTo ? { giftTo } : {}),
  });
  const plan = useQuery({
    queryKey: ['user', 'vip-plan', product.id, serverId, quantity, giftTo ?? null],
    // The server checks this reply against vipPlanSchema (decision record 0013).
    queryFn: ({ signal }) => api.get<VipPlan>(`/vip/plan?${params.toString()}`, { signal }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  if (!enabled || !plan.data) return null;
  return <VipPlanLine plan={plan.data} tiers={tiers} recipientName={gift?.name} />;
}
