import { z } from 'zod';

/**
 * What the admin panel shows of one server's game-server plugin (`GET /api/admin/servers/:id/plugin`):
 * its version and last signed request, its jobs by state, and the deliveries it could not give.
 */
export const serverPluginStatusSchema = z.object({
  /** What the plugin's last signed request called itself; null before the first one. */
  version: z.string().nullable(),
  /** ISO time of the plugin's last request; null before the first one. */
  lastSeenAt: z.string().nullable(),
  /** Plugin jobs waiting or leased. */
  queued: z.number().int(),
  /** Given in the game, waiting for the world save to count as delivered. */
  awaitingSave: z.number().int(),
  /** The latest jobs the plugin could not give, newest first. */
  failed: z.array(
    z.object({
      jobId: z.string(),
      orderId: z.string().nullable(),
      itemName: z.string(),
      steamId: z.string(),
      reason: z.string().nullable(),
      /** ISO time of the failure. */
      at: z.string().nullable(),
    }),
  ),
  /** The server's permission groups as its plugin last sent them; null before plugin 2.1 sent any. */
  groups: z.array(z.string()).nullable(),
  /** Groups the shop's VIP tiers grant on this server that the server does not have. */
  missingVipGroups: z.array(z.string()),
  /** Items in this server's own list, as its plugin last sent it. */
  items: z.number().int(),
});
export type ServerPluginStatus = z.infer<typeof serverPluginStatusSchema>;
