import { z } from 'zod';

/**
 * Money calls carry an `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header Field"): one
 * fresh key per user action, the same key on every retry of it, so a lost reply never charges twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on a reply that repeats the stored outcome of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'Неверный заголовок Idempotency-Key');

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema
    .optional()
    .describe(
      'One fresh key per user action, the same on every retry: a repeat replays the stored reply (Idempotent-Replayed: true) and changes nothing; the same key with another request is a 422. Kept 24 hours.',
    ),
});
