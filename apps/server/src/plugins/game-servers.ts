import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RconPool, type RconClientOptions } from '../integrations/rust-rcon/index';
import type { SaveListener } from '../modules/servers/save-watch';
import { createServerMonitor, type ServerMonitor } from '../modules/servers/server-monitor';
import { createServersRepository } from '../modules/servers/servers-repository';
import { HttpError } from './errors';

const NO_LINKS_MESSAGE =
  'Это восстановленная копия магазина: она не связывается с игровыми серверами (npm run db:go-live делает её рабочей).';

export interface GameServersOptions {
  /** How often the monitor polls every server; false leaves it to tests to call pollNow. */
  monitorIntervalMs: number | false;
  rcon?: Omit<RconClientOptions, 'host' | 'port' | 'password'>;
  /** How long the admin console waits for a reply before calling it unknown. Default 10 s. */
  consoleTimeoutMs?: number;
  /** A restored copy: no link to any game server (they belong to the live shop). */
  noLinks?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    servers: {
      pool: RconPool;
      monitor: ServerMonitor;
      consoleTimeoutMs: number;
      /** A server was added, edited or deleted: refresh the link and its status now. */
      changed(serverId: number): void;
      /**
       * Registers what follows a save the monitor sees for the first time: the wipes module records
       * the wipe. Called within the poll, so a wipe shows once the poll that saw it is over.
       */
      onSaveSeen(listener: SaveListener): void;
    };
  }
}

/** The shop's links to its game servers: one RCON connection each, and the monitor that watches them. */
async function gameServersPlugin(app: FastifyInstance, options: GameServersOptions) {
  const pool = new RconPool({
    logger: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    ...options.rcon,
  });
  if (options.noLinks) {
    pool.get = () => {
      throw new HttpError(503, 'provider_unavailable', NO_LINKS_MESSAGE);
    };
  }
  const repo = createServersRepository(app.db);
  const monitor = createServerMonitor(repo, pool, app.log, {
    intervalMs: options.monitorIntervalMs || 15_000,
  });
  app.decorate('servers', {
    pool,
    monitor,
    consoleTimeoutMs: options.consoleTimeoutMs ?? 10_000,
    changed: (serverId: number) => void monitor.pollOne(serverId),
    onSaveSeen: (listener: SaveListener) => monitor.onSave(listener),
  });
  // Every process may send commands, but only the leader watches: N instances must not poll N times.
  if (options.monitorIntervalMs !== false) app.leadership.whileLeader('server monitor', monitor);
  app.addHook('onClose', async () => {
    await monitor.close();
    await pool.closeAll();
  });
}

export default fp(gameServersPlugin, {
  name: 'game-servers',
  dependencies: ['database', 'leadership'],
});
