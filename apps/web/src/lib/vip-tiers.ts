import { vipPlanText, type VipStep } from '@shop/shared';

/** The owner's names of the VIP tiers (`site.vipTiers`): the key stays, the label is shown. */
export type VipTierNames = readonly { key: string; label: string }[];

/**
 * A tier as players read it: the owner's label. Tier names arrive in different cases ('Gold',
 * 'gold'), so the key is matched regardless of case; a tier the settings do not name (a name kept
 * from before them), or any before the settings arrive, is shown as it is stored.
 */
export function vipTierLabel(tier: string, tiers: VipTierNames | undefined): string {
  const name = tier.trim();
  const list = tiers ?? [];
  const exact = list.find((entry) => entry.key === name);
  const folded = name.toLowerCase();
  return (exact ?? list.find((entry) => entry.key.toLowerCase() === folded))?.label ?? name;
}

/**
 * «Золото до 26.12, затем Серебро до 02.01»: the plan with the owner's tier names. Back-to-back
 * stretches the player reads under one name are one, as vipPlanText joins a tier's own.
 */
export function vipPlanLabelled(
  steps: readonly VipStep[],
  tiers: VipTierNames | undefined,
  now?: Date,
): string {
  const labelled = steps.map((step) => ({
    ...step,
    tier: vipTierLabel(step.tier, tiers),
  }));
  return vipPlanText(labelled, now);
}
