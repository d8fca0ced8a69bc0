import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, type DeliveryPayload } from '../../db/schema/index';
import {
  defaultVipGrant,
  defaultVipRevoke,
  fillTemplate,
  splitCommands,
} from '../delivery/delivery-plan';
import type { ProductRow } from '../products/products-repository';
import type { ServerRow } from '../servers/servers-repository';
import { changeVip, type VipHolder } from './vip-change';
import type { Period } from './vip-periods-repository';
import { endTerm, insertTerm, sameVip } from './vip-timeline';

const DAY_MS = 86_400_000;

/** What a VIP product's purchase grants: the tier, its days, and the commands that grant and revoke it. */
export interface PurchasedVip {
  tier: string;
  days: number;
  grant: string;
  revoke: string;
  /**
   * A VIP bought until the wipe: it runs to the server's predicted next wipe instead of `days`
   * (and ends at the wipe itself, see vip-wipe.ts). Unset when the product has no schedule to go by.
   */
  until?: Date;
}

/** A product's command templates (else the tier's Oxide group) filled in for the holder. */
const filled = (
  templates: string | null,
  fallback: string,
  values: { steamId: string; quantity: number; stacks: number },
) => {
  const list = splitCommands(templates);
  return (list.length ? list : [fallback]).map((template) => fillTemplate(template, values));
};

/**
 * The VIP a product line grants, or null: the product's days for every stack bought, granted and
 * revoked by its own commands (else the tier's Oxide group) filled in for the holder.
 */
export function purchasedVip(
  product: Pick<ProductRow, 'vipTier' | 'vipDays' | 'commands' | 'revokeCommands' | 'untilWipe'>,
  steamId: string,
  quantity: number,
  stacks: number,
  /** The server's predicted next wipe (the wipes module's nextWipeAt), for an until-wipe VIP. */
  nextWipeAt: Date | null = null,
): PurchasedVip | null {
  const { vipTier, vipDays } = product;
  if (!vipTier || !vipDays) return null;
  const values = { steamId, quantity, stacks };
  const until = product.untilWipe && nextWipeAt ? { until: nextWipeAt } : {};
  return {
    tier: vipTier,
    days: vipDays * stacks,
    grant: filled(product.commands, defaultVipGrant(vipTier), values).join(', '),
    revoke: filled(product.revokeCommands, defaultVipRevoke(vipTier), values).join(', '),
    ...until,
  };
}

/** A term not yet placed in a plan. */
export function newTerm(
  fields: Pick<Period, 'tier' | 'serverId' | 'grantCommands' | 'revokeCommands'> & Partial<Period>,
): Period {
  return {
    state: 'waiting',
    remainingMs: null,
    endsBy: null,
    startedAt: null,
    endsAt: null,
    firstStartedAt: null,
    endedAt: null,
    endReason: null,
    days: 0,
    orderId: null,
    orderItemId: null,
    grantPayload: null,
    userId: 0,
    ...fields,
  };
}

/** A purchase's VIP, where it was bought, and the order line it belongs to. */
export type PurchasedVipLine = PurchasedVip & {
  serverId: number;
  /** The order line and its delivery job's payload, queued when the term first runs. */
  order?: { orderId: string; orderItemId: number; payload: DeliveryPayload };
};

/** The term a purchased VIP adds to its holder's plan. */
export const purchasedTerm = (holderId: number, vip: PurchasedVipLine): Period =>
  newTerm({
    userId: holderId,
    tier: vip.tier,
    serverId: vip.serverId,
    days: vip.days,
    remainingMs: vip.until ? null : vip.days * DAY_MS,
    endsBy: vip.until ?? null,
    grantCommands: vip.grant,
    revokeCommands: vip.revoke,
    orderId: vip.order?.orderId ?? null,
    orderItemId: vip.order?.orderItemId ?? null,
    grantPayload: vip.order?.payload ?? null,
  });

/**
 * A purchased or gifted VIP joins the holder's plan and never shortens or lowers what they hold
 * (decision record 0027): the same tier extends it, a higher tier starts now and the rest of the
 * lower one resumes after it, a lower tier waits until the current one ends. A term bought until
 * the wipe ends at the predicted wipe (or the wipe itself) wherever it stands in the plan.
 */
export function grantPurchasedVip(tx: Db, holder: VipHolder, vip: PurchasedVipLine, at?: Date) {
  return changeVip(tx, holder, (live) => insertTerm(live, purchasedTerm(holder.id, vip)), at);
}

/**
 * The commands that grant and revoke a tier: those of the shop's VIP product of that tier when it
 * has its own, else the tier's Oxide group, exactly what a purchase of one stack would run.
 */
async function tierCommands(tx: Db, tier: string, steamId: string) {
  const [product] = await tx
    .select({ commands: products.commands, revokeCommands: products.revokeCommands })
    .from(products)
    .where(and(eq(products.vipTier, tier), isNotNull(products.vipDays)))
    .orderBy(asc(products.id))
    .limit(1);
  const values = { steamId, quantity: 1, stacks: 1 };
  return {
    grant: filled(product?.commands ?? null, defaultVipGrant(tier), values).join(', '),
    revoke: filled(product?.revokeCommands ?? null, defaultVipRevoke(tier), values).join(', '),
  };
}

/**
 * An admin sets the running VIP by hand: `tier` until `expiresAt` on `server` replaces the running
 * term and the terms of its tier and server right after it (so the player holds exactly what the
 * admin set), its grant commands queued unless the game already holds that tier there; terms of
 * other tiers waiting in the plan follow it as before.
 */
export async function grantVipByHand(
  tx: Db,
  user: VipHolder,
  tier: string,
  expiresAt: Date,
  server: ServerRow,
): Promise<void> {
  const commands = await tierCommands(tx, tier, user.steamId);
  await changeVip(tx, user, (live, now) => {
    const first = live[0];
    const block = live.filter(
      (term, index) => first && live.slice(0, index + 1).every((t) => sameVip(t, first)),
    );
    for (const term of block) endTerm(term, now, 'by_hand');
    const term = newTerm({
      userId: user.id,
      tier,
      serverId: server.id,
      remainingMs: Math.max(expiresAt.getTime() - now, 0),
      grantCommands: commands.grant,
      revokeCommands: commands.revoke,
    });
    return [term, ...live.filter((other) => !block.includes(other))];
  });
}

/** An admin ends a player's VIP now: every term ends, the running one's revoke commands queued. */
export async function endVipByHand(tx: Db, user: VipHolder): Promise<void> {
  await changeVip(tx, user, (live, now) => {
    for (const term of live) endTerm(term, now, 'by_hand');
    return live;
  });
}
