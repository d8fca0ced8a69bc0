import { z } from 'zod';
import { dbIdSchema } from './common';

/** A session token as the API issues it; anything else is no session. */
export const sessionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/);

/** Payloads of the client-to-server socket events (SPEC §7, DESIGN §9); the server parses each. */
export const joinPayloadSchema = z.object({
  userId: dbIdSchema,
  token: sessionTokenSchema,
  username: z.string().max(200).optional(),
});

export const adminJoinPayloadSchema = z.object({
  token: sessionTokenSchema,
  serverId: dbIdSchema.optional(),
});

export const rconStreamPayloadSchema = z.object({ serverId: dbIdSchema });
