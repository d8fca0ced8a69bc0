import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { WrittenBackup } from './backup-files';
import { backupTarget, lastBackup, takeBackup, type BackupTrigger } from './backup-service';

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      /** Takes a backup now: into `dir`, or into DATA_DIR/backups keeping the newest BACKUP_KEEP. */
      take(options: { dir?: string | null; trigger: BackupTrigger }): Promise<WrittenBackup>;
    };
  }
}

export interface BackupsOptions {
  config: Config;
  database: Database;
  /** The leader takes a backup whenever the newest is BACKUP_EVERY_HOURS old (server and worker). */
  schedule?: boolean;
  /** The leader's first look after taking the lead, and how often it looks again. */
  firstCheckMs?: number;
  checkIntervalMs?: number;
}

/**
 * Backups of the shop's database: on demand, on the leader's schedule, and for the embedded shop
 * through its control socket, since only the process holding that database may read it.
 */
async function backupsPlugin(app: FastifyInstance, options: BackupsOptions) {
  const { config, database } = options;
  // One backup at a time: a second request waits for the first, then takes its own.
  let queue: Promise<unknown> = Promise.resolve();
  const take: FastifyInstance['backups']['take'] = ({ dir, trigger }) => {
    const next = queue.then(() => takeBackup(database, { ...backupTarget(config, dir), trigger }));
    queue = next.catch(() => undefined);
    return next;
  };
  app.decorate('backups', { take });
  // A backup under way finishes before the database it reads closes.
  app.addHook('onClose', async () => {
    await queue;
  });

  const everyMs = config.backups.everyHours * 3_600_000;
  if (options.schedule && everyMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const check = () => {
      running ??= (async () => {
        const last = await lastBackup(app.db);
        if (last && Date.now() - last.takenAt.getTime() < everyMs) return;
        const written = await take({ trigger: 'schedule' });
        app.log.info({ file: written.file, bytes: written.bytes }, 'scheduled backup taken');
      })()
        .catch((err: unknown) => app.log.error({ err }, 'scheduled backup failed'))
        .finally(() => (running = undefined));
    };
    // Not at once on start: a restarting shop has work to do first, and its idle memory settles.
    app.leadership.whileLeader('backups', {
      start() {
        timer = setTimeout(
          function tick() {
            check();
            timer = setTimeout(tick, options.checkIntervalMs ?? 10 * 60_000);
            timer.unref();
          },
          options.firstCheckMs ?? 5 * 60_000,
        );
        timer.unref();
      },
      async stop() {
        clearTimeout(timer);
        await running;
      },
    });
  }

  // `npm run backup` reaches a running embedded shop through its control socket.
  app.control.on('backup', async (request) =>
    take({ dir: typeof request.dir === 'string' ? request.dir : null, trigger: 'command' }),
  );
}

export default fp(backupsPlugin, {
  name: 'backups',
  dependencies: ['database', 'leadership', 'control'],
});
