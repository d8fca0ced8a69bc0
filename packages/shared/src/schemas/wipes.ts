import { z } from 'zod';
import { dbIdSchema } from './common';

/**
 * When a server is expected to wipe next. Rust wipes at least monthly, on the first Thursday
 * (Facepunch's update); many servers also wipe weekly or every two weeks. Times are the owner's
 * wall-clock time in `timeZone` (IANA; the shop's SHOP_TIMEZONE when left out).
 */
const WRONG_TIME = 'Время вайпа: ЧЧ:ММ, например 14:00';
const time = z.string({ error: WRONG_TIME }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, WRONG_TIME);
const weekday = z.coerce
  .number({ error: 'Выберите день недели' })
  .int('Выберите день недели')
  .min(0, 'Выберите день недели')
  .max(6, 'Выберите день недели');
const timeZone = z
  .string()
  .trim()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Неизвестный часовой пояс')
  .optional();
const WRONG_ANCHOR = 'Укажите дату одного из вайпов (ГГГГ-ММ-ДД)';

export const wipeScheduleSchema = z.discriminatedUnion(
  'every',
  [
    z.object({ every: z.literal('week'), weekday, time, timeZone }),
    z.object({
      every: z.literal('two-weeks'),
      weekday,
      time,
      timeZone,
      /** A date of one wipe of the cycle: says which of two weeks. */
      anchor: z.iso.date({ error: WRONG_ANCHOR }),
    }),
    z.object({ every: z.literal('month-first-thursday'), time, timeZone }),
  ],
  { error: 'Выберите расписание вайпов' },
);
export type WipeSchedule = z.infer<typeof wipeScheduleSchema>;

/** A wipe the shop knows of: seen by the monitor (the save's creation time changed) or marked by hand. */
export const serverWipeSchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  at: z.string(),
  source: z.enum(['detected', 'manual']),
  map: z.string().nullable(),
  seed: z.number().int().nullable(),
  worldSize: z.number().int().nullable(),
});
export type ServerWipe = z.infer<typeof serverWipeSchema>;

/** POST /api/admin/servers/:id/wipes: a wipe marked by hand, now unless `at` says when. */
export const markWipeInputSchema = z.object({
  at: z.iso.datetime({ offset: true, error: 'Время вайпа указано неверно' }).optional(),
});

export const wipesQuerySchema = z.object({
  serverId: dbIdSchema.optional(),
  /** Only wipes after this time (the overview's chart range). */
  since: z.iso.datetime({ offset: true }).optional(),
});

/** One wipe period of a server: from a wipe to the next (or now). Money in roubles. */
export const wipePeriodSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  revenue: z.number(),
  orders: z.number().int(),
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      revenue: z.number(),
      quantity: z.number().int(),
    }),
  ),
});
export type WipePeriod = z.infer<typeof wipePeriodSchema>;

export const revenueByWipeQuerySchema = z.object({ serverId: dbIdSchema });
export const revenueByWipeSchema = z.object({
  serverId: z.number().int(),
  /** Newest first; the first is the running period. */
  periods: z.array(wipePeriodSchema),
});
