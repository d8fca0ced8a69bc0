import type { DiscordEvent, DiscordWebhookView } from '@shop/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { maskedWebhookUrl } from '../../integrations/discord/discord-webhook-url';
import { discordWebhooks } from '../../db/schema/index';

export type WebhookRow = typeof discordWebhooks.$inferSelect;

/** Discord said the webhook is gone (404) or its token is wrong (401): it is switched off. */
export const WEBHOOK_GONE = {
  404: 'Discord ответил 404: вебхук удалён в Discord. Создайте новый и добавьте его адрес.',
  401: 'Discord ответил 401: токен вебхука неверен. Скопируйте адрес вебхука заново.',
} as const;

export function toWebhookView(row: WebhookRow, pending: number): DiscordWebhookView {
  return {
    id: row.id,
    name: row.name,
    url: maskedWebhookUrl({ id: row.webhookId }),
    events: row.events as DiscordEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    pending,
  };
}

/** The channel webhooks: the discord module's table, written only here. */
export function createWebhooks(db: Db) {
  return {
    list: () => db.select().from(discordWebhooks).orderBy(asc(discordWebhooks.id)),

    find: async (id: number) =>
      (await db.select().from(discordWebhooks).where(eq(discordWebhooks.id, id)).limit(1))[0],

    /** Messages still to send, by webhook. */
    async pendingCounts(): Promise<Map<number, number>> {
      const rows = await queryRows<{ webhook_id: number; n: number }>(
        db,
        sql`select webhook_id, count(*)::int as n from discord_outbox
            where status = 'pending' group by webhook_id`,
      );
      return new Map(rows.map((row) => [row.webhook_id, row.n]));
    },

    /** Undefined when the same Discord webhook is already added. */
    create: async (input: {
      name: string;
      webhookId: string;
      webhookToken: string;
      events: string[];
    }) => (await db.insert(discordWebhooks).values(input).onConflictDoNothing().returning())[0],

    update: async (id: number, changes: { name?: string; events?: string[]; enabled?: boolean }) =>
      (
        await db
          .update(discordWebhooks)
          .set({
            ...changes,
            // Switched on again by the admin: the reason it was off no longer stands.
            ...(changes.enabled ? { disabledReason: null } : {}),
          })
          .where(eq(discordWebhooks.id, id))
          .returning()
      )[0],

    remove: async (id: number) =>
      (await db.delete(discordWebhooks).where(eq(discordWebhooks.id, id)).returning())[0],

    sent: (id: number) =>
      db
        .update(discordWebhooks)
        .set({ lastSentAt: sql`now()` })
        .where(eq(discordWebhooks.id, id)),

    failed: (id: number, error: string) =>
      db
        .update(discordWebhooks)
        .set({ lastError: error, lastErrorAt: sql`now()` })
        .where(eq(discordWebhooks.id, id)),

    /** Off, with the reason; its waiting messages are dropped (nobody can receive them). */
    async switchOff(id: number, reason: string) {
      await db
        .update(discordWebhooks)
        .set({ enabled: false, disabledReason: reason, lastError: reason, lastErrorAt: sql`now()` })
        .where(eq(discordWebhooks.id, id));
      await db.execute(sql`
        update discord_outbox set status = 'dropped', lease_until = null, last_error = ${reason}
        where webhook_id = ${id} and status = 'pending'`);
    },
  };
}
