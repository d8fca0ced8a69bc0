import { z } from 'zod';

/** USER of the specification, as `GET /api/auth/profile` returns it. Money in roubles. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  steamId: z.string(),
  balance: z.number(),
  isAdmin: z.boolean(),
  vipStatus: z.string(),
  vipExpiresAt: z.string().nullable(),
  totalSpent: z.number(),
  purchasesCount: z.number().int(),
  favoriteServer: z.string().nullable(),
  joinedDate: z.string(),
  lastSeen: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokenReplySchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});

export const signInExchangeSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ссылка для входа устарела. Войдите снова.'),
});

export const okReplySchema = z.object({ success: z.literal(true) });
