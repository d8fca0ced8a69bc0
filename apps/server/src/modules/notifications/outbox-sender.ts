import type { NotificationChannel } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import type { ChannelSenders } from './channel-senders';
import { rulesFor, type SendLimits } from './send-limits';

const LEASE_SECONDS = 60;
const BATCH = 50;
const BACKOFF_BASE_S = 15;
const BACKOFF_MAX_S = 900;
/** A chat that refused this many times (403, «chat not found») is given up on: a dead letter. */
export const REFUSALS_BEFORE_DEAD = 3;
/** A wait the API asks for up to this long is waited out in this run; a longer one in the outbox. */
const WAIT_IN_RUN_MS = 3_000;

interface Held {
  id: number;
  channel: NotificationChannel;
  target: string;
  destination_id: number | null;
  user_id: number | null;
  payload: unknown;
  attempts: number;
  refusals: number;
}

export const backoffSeconds = (attempts: number) =>
  Math.min(BACKOFF_BASE_S * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_S);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the outbox, in order per chat, within each API's limits. A failure that passes (429 after
 * its retry_after, 5xx, the network, VK's 6 and 10) is retried with backoff for as long as it
 * takes, never dead-lettered; a chat that keeps refusing (403, «chat not found», a deleted
 * webhook) becomes a dead letter after REFUSALS_BEFORE_DEAD tries, shown to the admin.
 */
export function createOutboxSender(
  db: Db,
  senders: ChannelSenders,
  limits: SendLimits,
  log: FastifyBaseLogger,
) {
  let running: Promise<number> | null = null;

  const claim = async () =>
    (
      await queryRows<Held>(
        db,
        sql`
      update notification_outbox set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select o.id from notification_outbox o
        where o.status = 'pending' and o.next_attempt_at <= now()
          and (o.lease_until is null or o.lease_until < now())
          -- Only the oldest waiting message of each chat: messages reach a chat in order.
          and not exists (select 1 from notification_outbox e where e.channel = o.channel
            and e.target = o.target and e.status = 'pending' and e.id < o.id)
        order by o.id limit ${BATCH}
        for update skip locked)
      returning id, channel, target, destination_id, user_id, payload, attempts, refusals`,
      )
    ).map((row) => ({ ...row, id: Number(row.id) })); // a bigint: a string from PostgreSQL's driver

  const release = (id: number, waitMs: number) =>
    db.execute(sql`update notification_outbox set lease_until = null,
      next_attempt_at = greatest(next_attempt_at, now() + make_interval(secs => ${waitMs / 1000}))
      where id = ${id}`);

  async function sent(message: Held, messageId: string | null) {
    await db.execute(sql`update notification_outbox set status = 'sent', sent_at = now(),
      lease_until = null, last_error = null, attempts = attempts + 1,
      sent_message_id = ${messageId} where id = ${message.id}`);
    if (message.destination_id !== null) {
      await db.execute(sql`update notification_destinations set last_sent_at = now()
        where id = ${message.destination_id}`);
    }
  }

  async function failed(message: Held, error: unknown) {
    const failure = senders[message.channel].failure(error);
    const attempts = message.attempts + 1;
    const refusals = message.refusals + (failure.retry ? 0 : 1);
    const dead = refusals >= REFUSALS_BEFORE_DEAD;
    const wait = failure.retryAfterS ?? backoffSeconds(failure.retry ? attempts : refusals);
    await db.execute(sql`update notification_outbox set lease_until = null,
      attempts = ${attempts}, refusals = ${refusals}, last_error = ${failure.message},
      status = ${dead ? 'dead' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${wait})
      where id = ${message.id}`);
    if (message.destination_id !== null) {
      await db.execute(sql`update notification_destinations set last_error = ${failure.message},
        last_error_at = now() where id = ${message.destination_id}`);
    }
    if (dead)
      log.warn({ outboxId: message.id, channel: message.channel }, 'notification dead-lettered');
    return failure;
  }

  /** One message; false when it waits (its chat's later messages wait behind it). */
  async function deliver(message: Held): Promise<boolean> {
    const sender = senders[message.channel];
    if (sender.unavailable) {
      await release(message.id, 60_000);
      return false;
    }
    const rules = rulesFor(message.channel, message.target);
    for (let tries = 0; tries < 2; tries += 1) {
      const wait = limits.waitMs(rules);
      if (wait > WAIT_IN_RUN_MS) {
        await release(message.id, wait);
        return false;
      }
      if (wait > 0) await sleep(wait);
      limits.take(rules);
      try {
        await sent(message, await sender.send(message.target, message.payload, message.id));
        return true;
      } catch (error) {
        const failure = sender.failure(error);
        if (failure.retryAfterS !== null) limits.pause(rules, failure.retryAfterS * 1000);
        // A short wait the API asked for is waited out at once, then the message goes again.
        if (
          failure.retry &&
          failure.retryAfterS !== null &&
          failure.retryAfterS * 1000 <= WAIT_IN_RUN_MS &&
          tries === 0
        ) {
          continue;
        }
        await failed(message, error);
        return false;
      }
    }
    return false;
  }

  async function drain(): Promise<number> {
    // A player's news for a Telegram account no longer linked to them is not sent (they unlinked).
    await db.execute(sql`update notification_outbox o set status = 'dropped', lease_until = null
      where o.status = 'pending' and o.user_id is not null and not exists (
        select 1 from telegram_links t where t.user_id = o.user_id and t.telegram_id = o.target)`);
    let sentCount = 0;
    // Each round sends the head of every due chat; a backlog in one chat takes a round a message.
    for (let round = 0; round < 500; round += 1) {
      const batch = await claim();
      if (batch.length === 0) break;
      let progressed = false;
      for (const message of batch) {
        if (await deliver(message)) {
          sentCount += 1;
          progressed = true;
        }
      }
      if (!progressed) break;
    }
    return sentCount;
  }

  return {
    /** Sends what is due; a call while a run is going joins it. The number sent. */
    send(): Promise<number> {
      running ??= drain().finally(() => (running = null));
      return running;
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
