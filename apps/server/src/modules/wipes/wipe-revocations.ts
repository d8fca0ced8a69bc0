import { jobMethodOf } from '@shop/shared';
import type { Db } from '../../db/client';
import type { deliveryJobs } from '../../db/schema/index';
import { fillTemplate, splitCommands } from '../delivery/delivery-plan';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { createServersRepository } from '../servers/servers-repository';
import { endVipAtWipe } from '../vip/vip-wipe';
import { createWipesRepository, type UntilWipeLine, type WipeRow } from './wipes-repository';

type JobInsert = typeof deliveryJobs.$inferInsert;

/**
 * The job that revokes what one until-wipe line gave: the product's revoke commands filled in for
 * the holder, as its grant was. It belongs to no order (like a VIP's revoke job), so the order's
 * state and a refund of it never touch it. Null when the product has no revoke commands.
 */
function revokeJob(
  line: UntilWipeLine,
  server: { id: number; isPluginEnabled: number },
): JobInsert | null {
  const values = { steamId: line.holder_steam_id, quantity: line.quantity, stacks: line.stacks };
  const commands = splitCommands(line.revoke_commands).map((template) =>
    fillTemplate(template, values),
  );
  if (commands.length === 0) return null;
  return {
    userId: line.holder_id,
    serverId: server.id,
    steamId: line.holder_steam_id,
    // The way the line was given: the plugin runs it for a plugin server, else the RCON worker.
    method: jobMethodOf(server),
    payload: { kind: 'commands', itemName: `Окончание до вайпа: ${line.name}`, commands },
  };
}

/**
 * Revokes, in the caller's transaction, every until-wipe purchase on the wipe's server made before
 * it: each line is marked in wipe_revocations (one row per line, whichever transaction marks it
 * first) and only the lines this call marked get their revoke commands queued, so they run once
 * however many processes see the wipe. A VIP ends through the vip module (its own revoke commands,
 * held on the holder's VIP); anything else runs the product's revoke commands. Returns how many
 * lines were revoked.
 */
export async function revokeUntilWipe(tx: Db, wipe: WipeRow): Promise<number> {
  const wipes = createWipesRepository(tx);
  const lines = await wipes.untilWipeLines(wipe.serverId, wipe.wipedAt);
  if (lines.length === 0) return 0;
  const server = await createServersRepository(tx).findById(wipe.serverId);
  if (!server) return 0;
  const claimed = await wipes.claimRevocations(
    wipe.id,
    lines.map((line) => line.order_item_id),
  );
  const jobs: JobInsert[] = [];
  for (const line of lines) {
    if (!claimed.has(line.order_item_id)) continue;
    if (line.vip_tier && line.vip_days) {
      await endVipAtWipe(
        tx,
        { id: line.holder_id, steamId: line.holder_steam_id },
        { orderItemId: line.order_item_id, tier: line.vip_tier, serverId: server.id },
      );
      continue;
    }
    const job = revokeJob(line, server);
    if (job) jobs.push(job);
  }
  await createDeliveryRepository(tx).insert(jobs);
  return claimed.size;
}
