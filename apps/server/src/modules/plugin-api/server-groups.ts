import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, serverGroups } from '../../db/schema/index';
import { parsePermissionCommand } from '../../integrations/rust-rcon/index';
import { defaultVipGrant, fillTemplate, splitCommands } from '../delivery/delivery-plan';

/** Any buyer: the templates are read for the groups they name, not run. */
const SOME_STEAM_ID = '76561197960265728';

/** The groups a VIP product's grant adds its buyer to: its own commands, or the tier's default group. */
export function grantedGroups(vipTier: string, commands: string | null): string[] {
  const templates = splitCommands(commands);
  if (templates.length === 0) templates.push(defaultVipGrant(vipTier));
  return templates.flatMap((template) => {
    const command = fillTemplate(template, { steamId: SOME_STEAM_ID, quantity: 1, stacks: 1 });
    const change = parsePermissionCommand(command);
    return change?.change === 'join' ? [change.target] : [];
  });
}

/**
 * Each game server's permission groups (its plugin sends them with the item list) against the
 * groups the shop's VIP tiers grant there: a grant to a missing group fails in the game.
 */
export function createServerGroupsRepository(db: Db) {
  return {
    /** Replaces the server's groups whole. */
    async replace(serverId: number, names: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(serverGroups).where(eq(serverGroups.serverId, serverId));
        const unique = [...new Set(names)];
        if (unique.length > 0)
          await tx.insert(serverGroups).values(unique.map((name) => ({ serverId, name })));
      });
    },

    /** The server's groups, or null when its plugin never sent them. */
    async list(serverId: number): Promise<string[] | null> {
      const rows = await db
        .select({ name: serverGroups.name })
        .from(serverGroups)
        .where(eq(serverGroups.serverId, serverId));
      return rows.length > 0 ? rows.map((row) => row.name).sort() : null;
    },

    /** Every group a VIP product sold on this server grants: the groups a signed reply may add. */
    async vipGroups(serverId: number): Promise<string[]> {
      const rows = await db
        .select({ vipTier: products.vipTier, commands: products.commands })
        .from(products)
        .where(
          and(
            isNotNull(products.vipTier),
            or(isNull(products.serverId), eq(products.serverId, serverId)),
          ),
        );
      const groups = rows.flatMap((row) => grantedGroups(row.vipTier ?? '', row.commands));
      return [...new Set(groups)].sort();
    },
  };
}
