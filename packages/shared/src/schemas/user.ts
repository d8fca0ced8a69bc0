import { z } from 'zod';
import { SIGN_IN_STATE_PATTERN } from '../constants';
import { errorMessages } from '../messages';
import { OWNER_ONLY, PERMISSIONS, roleSchema } from '../permissions';

/** USER of the specification, as `GET /api/auth/profile` returns it. Money in roubles. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  steamId: z.string(),
  balance: z.number(),
  isAdmin: z.boolean(),
  /** An owner (named in ADMIN_STEAM_IDS, or made one by an owner): only owners act on owners. */
  isOwner: z.boolean(),
  /** owner, admin, moderator or player (docs/decisions/0036-staff-roles.md). */
  role: roleSchema,
  /** What this account may do in the admin panel: the panel shows only these. */
  permissions: z.array(z.enum([...PERMISSIONS, OWNER_ONLY])),
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
  /** The state this browser made when it started the sign-in; absent when it started none. */
  state: z.string().regex(SIGN_IN_STATE_PATTERN, errorMessages.signInOtherBrowser).optional(),
});

export const okReplySchema = z.object({ success: z.literal(true) });
