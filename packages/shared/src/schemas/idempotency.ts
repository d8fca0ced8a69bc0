import { z } from 'zod';

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
