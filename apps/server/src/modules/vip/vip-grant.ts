import { jobMethodOf } from '@shop/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, users } from '../../db/schema/index';
import {
  defaultVipGrant,
  defaultVipRevoke,
  fillTemplate,
  splitCommands,
} from '../delivery/delivery-plan';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import type { ProductRow } from '../products/products-repository';
import type { ServerRow } from '../servers/servers-repository';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import { vipRevokeJob } from './vip-revoke-job';

type VipHolder = Pick<UserRow, 'id' | 'steamId'>;

/**
 * A VIP of another tier, or granted on another server, is replaced: its revoke commands are queued
 * first, so its privileges do not outlive it. Takes the user's row lock.
 */
export async function revokeReplacedVip(
  tx: Db,
  user: VipHolder,
  tier: string | null,
  serverId: number | null,
): Promise<boolean> {
  const [current] = await tx
    .select({
      status: users.vipStatus,
      expiresAt: users.vipExpiresAt,
      serverId: users.vipServerId,
      revokeCommands: users.vipRevokeCommands,
    })
    .from(users)
    .where(eq(users.id, user.id))
    .for('update');
  // An expired tier the expiry sweep has not reached yet is revoked here too: its fields are about
  // to be overwritten, and with them the only record of what to revoke.
  if (!current?.status || (current.status === tier && current.serverId === serverId)) return false;
  const job = vipRevokeJob({
    userId: user.id,
    steamId: user.steamId,
    serverId: current.serverId,
    revokeCommands: current.revokeCommands,
  });
  if (job) await createDeliveryRepository(tx).insert([job]);
  return job !== null;
}

/** What a VIP product's purchase grants: the tier, its days, and the commands that revoke it. */
export interface PurchasedVip {
  tier: string;
  days: number;
  revoke: string;
  /**
   * A VIP bought until the wipe: it runs to the server's predicted next wipe instead of `days`
   * (and ends at the wipe itself, see vip-wipe.ts). Unset when the product has no schedule to go by.
   */
  until?: Date;
}

/**
 * The VIP a product line grants, or null: the product's days for every stack bought, revoked by its
 * own revoke commands (else the tier's Oxide group) filled in for the holder.
 */
export function purchasedVip(
  product: Pick<ProductRow, 'vipTier' | 'vipDays' | 'revokeCommands' | 'untilWipe'>,
  steamId: string,
  quantity: number,
  stacks: number,
  /** The server's predicted next wipe (the wipes module's nextWipeAt), for an until-wipe VIP. */
  nextWipeAt: Date | null = null,
): PurchasedVip | null {
  const { vipTier, vipDays } = product;
  if (!vipTier || !vipDays) return null;
  const templates = splitCommands(product.revokeCommands);
  const revoke = (templates.length ? templates : [defaultVipRevoke(vipTier)])
    .map((template) => fillTemplate(template, { steamId, quantity, stacks }))
    .join(', ');
  const until = product.untilWipe && nextWipeAt ? { until: nextWipeAt } : {};
  return { tier: vipTier, days: vipDays * stacks, revoke, ...until };
}

/**
 * A purchased VIP: any other running VIP is replaced (its revoke commands queued), the same tier
 * still running is extended, any other tier starts now; one bought until the wipe runs to it. The new date is computed by the database
 * from the row it updates, so two purchases at once extend twice instead of both from the old date.
 */
export async function grantPurchasedVip(
  tx: Db,
  holder: VipHolder,
  vip: PurchasedVip & { serverId: number },
): Promise<void> {
  await revokeReplacedVip(tx, holder, vip.tier, vip.serverId);
  const running = sql`case when ${users.vipStatus} = ${vip.tier} and ${users.vipExpiresAt} > now()
      then ${users.vipExpiresAt} else now() end`;
  await createUsersRepository(tx).setVip(holder.id, {
    tier: vip.tier,
    // Until the wipe: to the predicted wipe, or to the end of the same tier's term if that is later.
    expiresAt: vip.until
      ? sql`greatest(${running}, ${vip.until.toISOString()}::timestamptz)`
      : sql`${running} + make_interval(days => ${vip.days})`,
    serverId: vip.serverId,
    revokeCommands: vip.revoke,
  });
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
  const grant = splitCommands(product?.commands ?? null);
  const revoke = splitCommands(product?.revokeCommands ?? null);
  const fill = (template: string) => fillTemplate(template, { steamId, quantity: 1, stacks: 1 });
  return {
    grant: (grant.length ? grant : [defaultVipGrant(tier)]).map(fill),
    revoke: (revoke.length ? revoke : [defaultVipRevoke(tier)]).map(fill),
  };
}

/**
 * An admin grants a tier by hand until `expiresAt`, on `server`: any other running VIP is revoked,
 * the tier's grant commands are queued for that server like a purchase's, and its revoke commands
 * are kept for expiry. The same tier already running on that server only gets the new date.
 */
export async function grantVipByHand(
  tx: Db,
  user: VipHolder,
  tier: string,
  expiresAt: Date,
  server: ServerRow,
): Promise<void> {
  await revokeReplacedVip(tx, user, tier, server.id);
  const [current] = await tx
    .select({ status: users.vipStatus, expiresAt: users.vipExpiresAt, serverId: users.vipServerId })
    .from(users)
    .where(eq(users.id, user.id));
  const alreadyRunning =
    current?.status === tier &&
    current.serverId === server.id &&
    current.expiresAt !== null &&
    current.expiresAt > new Date();
  const commands = await tierCommands(tx, tier, user.steamId);
  if (!alreadyRunning) {
    await createDeliveryRepository(tx).insert([
      {
        userId: user.id,
        serverId: server.id,
        steamId: user.steamId,
        method: jobMethodOf(server),
        payload: { kind: 'commands', itemName: `VIP ${tier}`, commands: commands.grant },
      },
    ]);
  }
  await createUsersRepository(tx).setVip(user.id, {
    tier,
    expiresAt,
    serverId: server.id,
    revokeCommands: commands.revoke.join(', '),
  });
}

/** An admin ends a VIP now: its revoke commands are queued and the tier is cleared. */
export async function endVipByHand(tx: Db, user: VipHolder): Promise<void> {
  await revokeReplacedVip(tx, user, null, null);
  await createUsersRepository(tx).clearVip(user.id);
}
