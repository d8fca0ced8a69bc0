import path from 'node:path';
import { backupStatusSchema, restoredKeysSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { lastBackup } from './backup-service';
import { pluginKeysToRotate } from './restore-aftermath';

/** The admin overview's backup line. */
const backupsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { everyHours, keep } = config.backups;

  app.get(
    '/backups',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin: data'],
        security: [{ bearer: [] }],
        summary: 'The newest backup and whether it is overdue',
        description:
          '`stale` is true when the shop takes scheduled backups (BACKUP_EVERY_HOURS) and the newest ' +
          'is older than two periods, or there is none.',
        response: { 200: backupStatusSchema },
      },
    },
    async () => {
      const last = await lastBackup(app.db);
      const ageMs = last ? Date.now() - last.takenAt.getTime() : Infinity;
      return {
        everyHours,
        keep,
        last: last
          ? {
              takenAt: last.takenAt.toISOString(),
              host: last.host,
              file: path.basename(last.file),
              bytes: last.bytes,
              schemaVersion: last.schemaVersion,
              trigger: last.trigger,
              rows: Object.values(last.rows).reduce((sum, count) => sum + count, 0),
            }
          : null,
        stale: everyHours > 0 && ageMs > 2 * everyHours * 3_600_000,
      };
    },
  );

  app.get(
    '/backups/restored-keys',
    {
      config: { permission: 'servers' },
      schema: {
        tags: ['admin: data'],
        security: [{ bearer: [] }],
        summary:
          'After a restore: the servers whose plugin key predates it, for the owner to reissue',
        description:
          "A restore brings back the backup's plugin keys, including keys rotated away since. Each " +
          'server stays listed until its key is reissued after the restore; `restoredAt` is null ' +
          'when the database was never restored.',
        response: { 200: restoredKeysSchema },
      },
    },
    async () => pluginKeysToRotate(app.db),
  );
};

export default backupsRoutes;
