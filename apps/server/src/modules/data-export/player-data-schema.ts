import { z } from 'zod';

const time = z.string().nullable();
const text = z.string().nullable();

/** The player's own data, as `GET /api/profile/data` sends it (money in roubles, times in UTC). */
export const playerDataSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    steamId: z.string(),
    username: z.string(),
    avatar: text,
    role: z.string(),
    balance: z.number(),
    totalSpent: z.number(),
    purchases: z.number(),
    vip: text,
    vipExpiresAt: time,
    joinedAt: time,
    lastSeenAt: time,
  }),
  orders: z.array(
    z.object({
      id: z.string(),
      createdAt: time,
      deliveredAt: time,
      status: z.string(),
      server: text,
      total: z.number(),
      giftTo: z.object({ steamId: z.string(), username: z.string() }).nullable(),
      giftMessage: text,
      items: z.array(
        z.object({
          name: z.string(),
          quantity: z.number(),
          price: z.number(),
          total: z.number(),
          delivery: text,
        }),
      ),
    }),
  ),
  giftsReceived: z.array(
    z.object({
      orderId: z.string(),
      createdAt: time,
      from: z.string(),
      message: text,
      items: z.array(z.string()),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number(),
      createdAt: time,
      kind: z.string(),
      amount: z.number(),
      description: z.string(),
      method: text,
      status: z.string(),
      orderId: text,
    }),
  ),
  topUps: z.array(
    z.object({
      id: z.string(),
      createdAt: time,
      paidAt: time,
      amount: z.number(),
      bonus: z.number(),
      provider: z.string(),
      method: text,
      status: z.string(),
      email: text,
    }),
  ),
  promoCodes: z.array(z.object({ code: z.string(), usedAt: time })),
  vip: z.array(
    z.object({
      tier: z.string(),
      server: text,
      state: z.string(),
      days: z.number().nullable(),
      startedAt: time,
      endsAt: time,
      endedAt: time,
      endReason: text,
    }),
  ),
  supportChat: z.array(z.object({ at: time, from: z.enum(['player', 'staff']), text: z.string() })),
  linked: z.object({
    telegram: z.object({ username: text, linkedAt: time }).nullable(),
    discord: z.object({ username: z.string(), linkedAt: time }).nullable(),
  }),
  sessions: z.array(
    z.object({ createdAt: time, expiresAt: time, idleExpiresAt: time, revokedAt: time }),
  ),
});

/** The collector returns exactly this: a column it adds or drops without the schema fails tsc. */
export type PlayerData = z.infer<typeof playerDataSchema>;
