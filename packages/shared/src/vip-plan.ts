import { vipTiers } from './constants';

let tierOrder: readonly string[] = vipTiers;

/**
 * The owner's tiers, lowest first, as the settings in force list them: the site module sets them
 * whenever it reads the settings, so every process ranks by the owner's list within a second.
 */
export function setVipTierOrder(keys: readonly string[]): void {
  tierOrder = [...keys];
}

/**
 * A tier's rank: its place in the owner's tiers (`vipTiers` until set), lowest first (decision
 * record 0027). A tier the list does not know (a name kept from before the list) ranks below every
 * known one.
 */
export function vipTierRank(tier: string): number {
  return tierOrder.indexOf(tier);
}

/**
 * One stretch of a player's VIP plan: a tier from a moment until another. Another player's plan (a
 * gift's recipient) comes without the moments: whose VIP ends when is theirs to know.
 */
export interface VipStep {
  tier: string;
  from?: string | undefined;
  until?: string | undefined;
}

/**
 * The stretches as a player reads them: back-to-back stretches of one tier (terms on two servers,
 * or two purchases) are one.
 */
export function mergeVipSteps(steps: readonly VipStep[]): VipStep[] {
  const merged: VipStep[] = [];
  for (const step of steps) {
    const last = merged.at(-1);
    if (last && last.tier === step.tier && last.until === step.from) last.until = step.until;
    else merged.push({ ...step });
  }
  return merged;
}

/** Moscow time, the game community's clock: a date reads the same for every player and the admin. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** Beyond this distance from today a day and month alone could name two dates: the year is added. */
const YEAR_SHOWN_AFTER_MS = 300 * 86_400_000;

/** '26.12' (Moscow time), or '26.12.2027' for a date more than about ten months away. */
export function vipDateText(iso: string, now: Date = new Date()): string {
  const at = new Date(iso).getTime();
  const moscow = new Date(at + MOSCOW_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  const dayMonth = `${two(moscow.getUTCDate())}.${two(moscow.getUTCMonth() + 1)}`;
  return Math.abs(at - now.getTime()) > YEAR_SHOWN_AFTER_MS
    ? `${dayMonth}.${moscow.getUTCFullYear()}`
    : dayMonth;
}

/** «Gold до 26.12, затем Silver до 02.01»; «без VIP» for an empty plan. */
export function vipPlanText(steps: readonly VipStep[], now: Date = new Date()): string {
  const merged = mergeVipSteps(steps);
  if (merged.length === 0) return 'без VIP';
  return merged
    .map(
      (step, index) =>
        `${index ? 'затем ' : ''}${step.tier}${step.until ? ` до ${vipDateText(step.until, now)}` : ''}`,
    )
    .join(', ');
}
