import { z } from 'zod';

/** The one error shape of every non-2xx JSON reply. `message` is Russian and safe to show a user. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The database's integer range: anything beyond it is no row of ours (and must not reach SQL). */
/** A SteamID64 of a person's account (the individual-account universe's prefix, 17 digits). */
export const STEAM_ID64 = /^7656119\d{10}$/;

export const INT32_MAX = 2_147_483_647;

/** A row id as it comes in a path or body: a positive 32-bit integer. */
export const dbIdSchema = z.coerce.number().int().positive().max(INT32_MAX);

/** The game's item ids are signed 32-bit integers. */
export const gameItemIdSchema = z.coerce
  .number()
  .int()
  .min(-INT32_MAX - 1)
  .max(INT32_MAX);

export const idParamSchema = z.object({ id: dbIdSchema });

export const healthSchema = z.object({
  /** ok: all is well; degraded: serving, but Redis or a game server is down; down: no database. */
  status: z.enum(['ok', 'degraded', 'down']),
  /** The shop's release (package.json), as the admin panel shows it. */
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['ok', 'unavailable']),
  }),
  /** off: no REDIS_URL (one instance needs none). */
  redis: z.enum(['ok', 'unavailable', 'off']),
  uptimeSeconds: z.number(),
  /** Whether this process runs the periodic jobs (one leader among the processes). */
  leader: z.boolean(),
  /** A database restored from a backup and not yet made live: it delivers nothing. */
  restoredCopy: z.boolean(),
  /** Hours since the newest backup; null when none was ever taken (or the database is down). */
  backupAgeHours: z.number().nullable(),
  /** Each game server's link as the monitor last saw it (empty while the database is down). */
  servers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      link: z.enum(['online', 'offline']),
      delivery: z.enum(['rcon', 'plugin', 'hidden']),
      /** Seconds since the plugin's last signed request; null for RCON or never seen. */
      pluginSeenSecondsAgo: z.number().nullable(),
    }),
  ),
});

export type Health = z.infer<typeof healthSchema>;

/** Public settings the web app needs before anyone signs in. */
export const siteSettingsSchema = z.object({
  discordUrl: z.string(),
  communityUrl: z.string(),
  /** SUPPORT_EMAIL; null when the owner set none (no e-mail line is shown then). */
  supportEmail: z.string().nullable(),
  demo: z.boolean(),
  /** WIPE_WARN_HOURS: a purchase of items this close to a server's predicted wipe is warned of. */
  wipeWarnHours: z.number(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
