import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import type { SaveSeen } from '../servers/save-watch';
import type { ServerRow, WipeTimes } from '../servers/servers-repository';
import { recordWipe, type RecordedWipe } from './record-wipe';
import { predictNextWipe } from './wipe-schedule';
import { createWipesRepository, type WipeInput } from './wipes-repository';

export interface WipesService {
  /**
   * Records a wipe (see recordWipe) and, once committed, tells the delivery worker of the revoke
   * jobs and the catalogue of the new wipe. `alsoInTransaction` commits with it (the journal of a
   * mark by hand). Null when the wipe was already known.
   */
  record(
    input: WipeInput,
    alsoInTransaction?: (tx: Db, recorded: RecordedWipe) => Promise<void>,
  ): Promise<RecordedWipe | null>;
  /** Each server's last known and next predicted wipe, by server id. */
  timesOf(rows: readonly ServerRow[], now?: Date): Promise<Map<number, WipeTimes>>;
  /** The next wipe by the server's schedule (in its zone, else the shop's); null without one. */
  nextWipeAt(server: Pick<ServerRow, 'wipeSchedule'>, now?: Date): Date | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wipes module, for modules that must not import it (the servers module). */
    wipes: WipesService;
  }
}

export interface WipesOptions {
  /** SHOP_TIMEZONE: the zone of a schedule that names none. */
  shopTimeZone: string;
}

/**
 * Wipes: records each new save the monitor sees as a wipe (on whichever process polls), revokes
 * until-wipe purchases in the same transaction, and works out servers' last and next wipes.
 */
async function wipesPlugin(app: FastifyInstance, options: WipesOptions) {
  const nextWipeAt = (server: Pick<ServerRow, 'wipeSchedule'>, now = new Date()) =>
    predictNextWipe(server.wipeSchedule, options.shopTimeZone, now);

  const service: WipesService = {
    async record(input, alsoInTransaction) {
      const recorded = await app.db.transaction(async (tx) => {
        const result = await recordWipe(tx, input);
        if (result && alsoInTransaction) await alsoInTransaction(tx, result);
        return result;
      });
      if (!recorded) return null;
      // A sale after the wipe and a product blocked after it start now, on every process.
      app.catalog.invalidate();
      if (recorded.revoked > 0) void app.delivery.worker.kick();
      app.log.info(
        { serverId: input.serverId, at: input.at, source: input.source, revoked: recorded.revoked },
        'wipe recorded',
      );
      return recorded;
    },

    async timesOf(rows, now = new Date()) {
      const last = await createWipesRepository(app.db).lastWipes(rows.map((row) => row.id));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            lastWipeAt: last.get(row.id)?.toISOString() ?? null,
            nextWipeAt: nextWipeAt(row, now)?.toISOString() ?? null,
          },
        ]),
      );
    },

    nextWipeAt,
  };
  app.decorate('wipes', service);

  app.servers.onSaveSeen(async (seen: SaveSeen) => {
    await service.record({
      serverId: seen.serverId,
      at: seen.createdAt,
      source: 'detected',
      map: seen.map,
      seed: seen.seed,
      worldSize: seen.worldSize,
    });
  });
}

export default fp(wipesPlugin, {
  name: 'wipes',
  dependencies: ['database', 'game-servers', 'delivery', 'catalog'],
});
