import { z } from 'zod';

/** The one error shape of every non-2xx JSON reply. `message` is Russian and safe to show a user. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** Public settings the web app needs before anyone signs in. */
export const siteSettingsSchema = z.object({
  discordUrl: z.string(),
  communityUrl: z.string(),
  demo: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
