import { z } from 'zod';
import { SHORTNAME_PATTERN, SHORTNAME_RULE } from './game-items';
import { INT32_MAX } from './common';

/**
 * The bodies of the game-server plugin's protocol v2 (plugins/oxide/PROTOCOL.md), both ways. The
 * shop's routes validate and serialize with these; plugins/oxide/contract holds an example of each.
 */

const steamIdSchema = z.string().regex(/^7656119\d{10}$/, 'Неверный Steam ID');
const jobIdSchema = z.uuid('Неверный номер выдачи');
/** Items of a give job or commands of a commands job: absolute counts. */
const unitsSchema = z.number().int().min(0).max(INT32_MAX);
/** Longest reason or note the shop keeps: it is shown in a line of the order and the admin panel. */
export const PLUGIN_TEXT_MAX = 200;
/**
 * A reason or note, cut to PLUGIN_TEXT_MAX characters rather than refused: the plugin retries a
 * refused report for as long as it takes, and a long game error must not hold up the others.
 */
const noteSchema = z
  .string()
  .max(4000)
  .transform((text) => {
    const characters = [...text];
    return characters.length <= PLUGIN_TEXT_MAX
      ? text
      : `${characters.slice(0, PLUGIN_TEXT_MAX - 1).join('')}…`;
  });

/** A report names each job once: two values for one job in one request would contradict each other. */
const uniqueIds = <T extends { id: string }>(jobs: T[]) =>
  new Set(jobs.map((job) => job.id)).size === jobs.length;
const UNIQUE_IDS = 'Каждая выдача — не больше одного раза в запросе';

export const pluginItemSchema = z.object({
  itemid: z
    .number()
    .int()
    .min(-INT32_MAX - 1)
    .max(INT32_MAX),
  /** Exactly as the game names it: not trimmed, so the list never differs from the game's. */
  shortname: z.string().regex(SHORTNAME_PATTERN, SHORTNAME_RULE),
  displayName: z.string().min(1).max(200),
  category: z.string().max(40),
  stackable: z.number().int().min(0).max(INT32_MAX),
});

export const pluginItemsRequestSchema = z.object({
  items: z
    .array(pluginItemSchema)
    .min(1)
    .max(10_000)
    .refine(
      (items) => new Set(items.map((item) => item.shortname)).size === items.length,
      'Shortname повторяется в списке',
    ),
  /** The server's permission groups (plugin 2.1+), so the admin is warned of a VIP tier without one. */
  groups: z
    .array(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/))
    .max(1000)
    .optional(),
});
export const pluginItemsReplySchema = z.object({
  imported: z.number().int(),
  total: z.number().int(),
});

export const pluginWaitRequestSchema = z.object({ online: z.array(steamIdSchema).max(1000) });
export const pluginWaitReplySchema = z.object({
  steamIds: z.array(z.string()),
  waitSeconds: z.number().int(),
});

export const pluginLeaseRequestSchema = z.object({ steamId: steamIdSchema, manual: z.boolean() });

/** One job as the plugin receives it; `amount` and `given` count items (give, kit) or commands. */
export const pluginJobSchema = z.object({
  id: z.string(),
  kind: z.enum(['give', 'commands', 'kit']),
  itemName: z.string(),
  shortname: z.string().nullable(),
  amount: z.number().int(),
  given: z.number().int(),
  /** Every command of the job ([] for give): the plugin runs commands[given..]. */
  commands: z.array(z.string()),
  /**
   * A kit's lines in the order they are given ([] otherwise). `given` counts items across them:
   * the first line's, then the next one's.
   */
  items: z.array(
    z.object({ shortname: z.string(), itemName: z.string(), amount: z.number().int() }),
  ),
  /** A gift: who bought it for this player, so the plugin can tell them. Null otherwise. */
  giftFrom: z.string().nullable(),
});
export type PluginJob = z.infer<typeof pluginJobSchema>;

export const pluginLeaseReplySchema = z.object({
  jobs: z.array(pluginJobSchema),
  leaseSeconds: z.number().int(),
  inProgress: z.number().int(),
  /** The groups the shop's VIP tiers grant on this server: the only groups a job may add the player to. */
  vipGroups: z.array(z.string()),
});

export const pluginGivenRequestSchema = z.object({
  jobs: z
    .array(z.object({ id: jobIdSchema, given: unitsSchema, note: noteSchema.optional() }))
    .min(1)
    .max(100)
    .refine(uniqueIds, UNIQUE_IDS),
});
export type PluginGivenReport = z.infer<typeof pluginGivenRequestSchema>['jobs'][number];

/** `/jobs/saved` and `/jobs/rolled-back`: what the saved world holds of each job. */
export const pluginSavedRequestSchema = z.object({
  jobs: z
    .array(z.object({ id: jobIdSchema, saved: unitsSchema }))
    .min(1)
    .max(100)
    .refine(uniqueIds, UNIQUE_IDS),
});
export type PluginSavedReport = z.infer<typeof pluginSavedRequestSchema>['jobs'][number];

export const pluginUpdatedReplySchema = z.object({ updated: z.number().int() });
/** `closed`: the reported jobs the shop has nothing more to do with (refunded, failed, delivered). */
export const pluginSavedReplySchema = pluginUpdatedReplySchema.extend({
  closed: z.array(z.string()),
});

export const pluginReleaseRequestSchema = z.object({
  ids: z
    .array(jobIdSchema)
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, UNIQUE_IDS),
  reason: noteSchema,
  retrySeconds: z.number().int().min(0).max(3600),
});
export const pluginReleaseReplySchema = z.object({ released: z.number().int() });

export const pluginFailRequestSchema = z.object({
  jobs: z
    .array(z.object({ id: jobIdSchema, reason: noteSchema }))
    .min(1)
    .max(100)
    .refine(uniqueIds, UNIQUE_IDS),
});
export type PluginFailReport = z.infer<typeof pluginFailRequestSchema>['jobs'][number];
export const pluginFailReplySchema = z.object({ failed: z.number().int() });

/** Every reply to a verified request: the reply's JSON as text, and its HMAC under the server key. */
export const pluginEnvelopeSchema = z.object({
  body: z.string(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
