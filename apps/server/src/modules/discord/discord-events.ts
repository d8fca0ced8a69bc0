import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { eventSources, type EventSource } from './discord-event-sources';

/**
 * How far back each scan reads again: a row written in a transaction that committed after the
 * previous scan, with a time before it, is still found. The outbox's key makes a second read free.
 */
const OVERLAP_SECONDS = 120;

type Subscriber = { id: number; created_at: Date | string };

/**
 * The leader's scan of shop events into the outbox. It reads what the owning modules already wrote
 * (orders, payments, support messages, deliveries, wipes, reversals), so no purchase, payment or
 * message waits for it or for Discord, and no other module calls into Discord. A fresh source
 * starts from now: a new webhook is not flooded with the past.
 */
export function createEventScan(db: Db, log: FastifyBaseLogger, context: { publicUrl: string }) {
  async function scanSource(source: EventSource, subscribers: Subscriber[], now: string) {
    const [cursor] = await queryRows<{ scanned_until: Date | string }>(
      db,
      sql`select scanned_until from discord_event_cursors where source = ${source.name}`,
    );
    let written = 0;
    if (cursor && subscribers.length > 0) {
      const from = new Date(
        new Date(cursor.scanned_until).getTime() - OVERLAP_SECONDS * 1000,
      ).toISOString();
      const rows = await queryRows<Record<string, unknown>>(db, source.query(from, now));
      for (const row of rows) {
        const message = source.message(row, context);
        // A webhook added after the event is not told of it.
        const told = subscribers.filter((hook) => new Date(hook.created_at) <= message.at);
        for (const hook of told) {
          const inserted = await queryRows<{ id: number }>(
            db,
            sql`insert into discord_outbox (webhook_id, event_key, payload)
                values (${hook.id}, ${message.key}, ${JSON.stringify(message.body)}::jsonb)
                on conflict (webhook_id, event_key) do nothing returning id`,
          );
          written += inserted.length;
        }
      }
    }
    await db.execute(sql`
      insert into discord_event_cursors (source, scanned_until) values (${source.name}, ${now})
      on conflict (source) do update set scanned_until = excluded.scanned_until`);
    return written;
  }

  return {
    /** Reads every source once; the number of messages it queued. */
    async scan(): Promise<number> {
      const hooks = await queryRows<Subscriber & { events: string[] }>(
        db,
        sql`select id, created_at, events from discord_webhooks where enabled`,
      );
      const [clock] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
      const now = new Date(clock!.now).toISOString();
      let written = 0;
      for (const source of eventSources) {
        const subscribers = hooks.filter((hook) => hook.events.includes(source.event));
        // One source failing (a table another release adds) leaves the others running.
        written += await scanSource(source, subscribers, now).catch((err: unknown) => {
          log.warn({ err, source: source.name }, 'discord event scan failed');
          return 0;
        });
      }
      return written;
    },
  };
}

export type EventScan = ReturnType<typeof createEventScan>;
