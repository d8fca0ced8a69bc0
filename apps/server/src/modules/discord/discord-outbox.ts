import { sql } from 'drizzle-orm';
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import {
  asFailure,
  type DiscordClient,
  type DiscordFailure,
} from '../../integrations/discord/discord-client';
import { testMessage } from './discord-embeds';
import { createWebhooks, WEBHOOK_GONE, type WebhookRow } from './discord-webhooks';

const LEASE_SECONDS = 60;
const BATCH = 20;
const BACKOFF_BASE_S = 30;
const BACKOFF_MAX_S = 900;
/** A message older than this is dropped instead of retried: it would only be noise by now. */
const GIVE_UP_HOURS = 24;

interface HeldMessage {
  id: number;
  webhook_id: number;
  webhook: string;
  token: string;
  payload: RESTPostAPIWebhookWithTokenJSONBody;
  attempts: number;
  expired: boolean;
}

const outboxRetrySeconds = (attempts: number) =>
  Math.min(BACKOFF_BASE_S * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_S);

const gone = (failure: DiscordFailure) =>
  failure.status === 404 || failure.status === 401 ? WEBHOOK_GONE[failure.status] : null;

/**
 * Sends the outbox: each message through its webhook, retried with backoff on an outage, after
 * Discord's own wait on a long rate limit (a short one @discordjs/rest waits out itself). A webhook
 * Discord answers 404 or 401 is switched off and flagged for the admin.
 */
export function createOutboxSender(
  db: Db,
  client: DiscordClient,
  log: FastifyBaseLogger,
  /** The name the messages are posted under: the owner's, read when each is sent. */
  senderName: () => Promise<string> = async () => 'Магазин',
) {
  const webhooks = createWebhooks(db);
  let running: Promise<number> | null = null;

  const claim = () =>
    queryRows<HeldMessage>(
      db,
      sql`
      with held as (
        update discord_outbox set attempts = attempts + 1,
          lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id in (
          select o.id from discord_outbox o
          join discord_webhooks w on w.id = o.webhook_id and w.enabled
          where o.status = 'pending' and o.next_attempt_at <= now()
            and (o.lease_until is null or o.lease_until < now())
          order by o.id limit ${BATCH}
          for update of o skip locked)
        returning id, webhook_id, payload, attempts, created_at)
      select held.id, held.webhook_id, w.webhook_id as webhook, w.webhook_token as token,
        held.payload, held.attempts,
        held.created_at < now() - make_interval(hours => ${GIVE_UP_HOURS}) as expired
      from held join discord_webhooks w on w.id = held.webhook_id
      order by held.id`,
    );

  async function deliver(message: HeldMessage) {
    try {
      const username = await senderName().catch(() => undefined);
      await client.executeWebhook(
        { id: message.webhook, token: message.token },
        username ? { ...message.payload, username } : message.payload,
      );
      await db.execute(sql`update discord_outbox set status = 'sent', sent_at = now(),
        lease_until = null, last_error = null where id = ${message.id}`);
      await webhooks.sent(message.webhook_id);
    } catch (error) {
      const failure = asFailure(error);
      const reason = gone(failure);
      if (reason) {
        log.warn(
          { webhookId: message.webhook_id, status: failure.status },
          'discord webhook switched off',
        );
        return webhooks.switchOff(message.webhook_id, reason);
      }
      await webhooks.failed(message.webhook_id, failure.message);
      const wait =
        failure.retryAfterMs !== null
          ? Math.ceil(failure.retryAfterMs / 1000)
          : outboxRetrySeconds(message.attempts);
      await db.execute(sql`
        update discord_outbox set lease_until = null, last_error = ${failure.message},
          status = case when ${message.expired} then 'dropped' else 'pending' end,
          next_attempt_at = now() + make_interval(secs => ${wait})
        where id = ${message.id}`);
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      // In order, one after another: the client keeps each webhook's bucket.
      for (const message of batch) {
        await deliver(message);
        sent += 1;
      }
    }
  }

  return {
    /** Sends what is due; a call while a run is going joins it. */
    send(): Promise<number> {
      running ??= drain().finally(() => (running = null));
      return running;
    },

    /** «Проверить»: a test message now, outside the outbox; a 404 or 401 switches the webhook off. */
    async sendTest(webhook: WebhookRow): Promise<{ ok: boolean; error: string | null }> {
      try {
        await client.executeWebhook(
          { id: webhook.webhookId, token: webhook.webhookToken },
          { ...testMessage(webhook.name), username: await senderName() },
        );
        await webhooks.sent(webhook.id);
        return { ok: true, error: null };
      } catch (error) {
        const failure = asFailure(error);
        const reason = gone(failure);
        if (reason) await webhooks.switchOff(webhook.id, reason);
        else await webhooks.failed(webhook.id, failure.message);
        return { ok: false, error: reason ?? failure.message };
      }
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
