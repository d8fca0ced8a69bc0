import type { NotificationChannel } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { renderNotice } from './notice';
import { playerSources } from './player-sources';
import { staffSources, type Context } from './staff-sources';

/**
 * How far back each scan reads again: a row written in a transaction that committed after the
 * previous scan, with a time before it, is still found. The outbox's key makes a second read free.
 */
const OVERLAP_SECONDS = 120;

type Destination = {
  id: number;
  channel: NotificationChannel;
  target: string;
  events: string[];
  created_at: Date | string;
};

export interface OutboxRow {
  channel: NotificationChannel;
  target: string;
  destinationId: number | null;
  userId: number | null;
  subjectUserId: number | null;
  event: string;
  eventKey: string;
  payload: unknown;
}

/** One message into the outbox; nothing when the same event is already there for that chat. */
export async function enqueue(db: Db, row: OutboxRow): Promise<number> {
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`insert into notification_outbox
          (channel, target, destination_id, user_id, subject_user_id, event, event_key, payload)
        values (${row.channel}, ${row.target}, ${row.destinationId}, ${row.userId},
          ${row.subjectUserId}, ${row.event}, ${row.eventKey}, ${JSON.stringify(row.payload)}::jsonb)
        on conflict (channel, target, event_key) do nothing returning id`,
  );
  return inserted.length;
}

/**
 * The leader's scan of shop events into the outbox. It reads what the owning modules already wrote
 * (orders, payments, support messages, deliveries, reversals, backups, VIP terms), so nothing a
 * player does waits for a messenger, and no other module calls into this one. A source never read
 * starts from now: a new shop is not flooded with its past.
 */
export function createEventScan(
  db: Db,
  log: FastifyBaseLogger,
  context: Context & { telegram: boolean },
) {
  async function window(source: string, now: string, run: (from: string) => Promise<number>) {
    const [cursor] = await queryRows<{ scanned_until: Date | string }>(
      db,
      sql`select scanned_until from notification_cursors where source = ${source}`,
    );
    let written = 0;
    if (cursor) {
      const from = new Date(new Date(cursor.scanned_until).getTime() - OVERLAP_SECONDS * 1000);
      written = await run(from.toISOString());
    }
    await db.execute(sql`
      insert into notification_cursors (source, scanned_until) values (${source}, ${now})
      on conflict (source) do update set scanned_until = excluded.scanned_until`);
    return written;
  }

  async function scanStaff(destinations: Destination[], now: string) {
    let written = 0;
    for (const source of staffSources) {
      const told = destinations.filter((d) => d.events.includes(source.event));
      written += await window(source.name, now, async (from) => {
        if (told.length === 0) return 0;
        let n = 0;
        for (const row of await queryRows<Record<string, unknown>>(
          db,
          source.query(from, now, context),
        )) {
          const { key, notice, subject } = source.notice(row, context);
          // A destination added after the event is not told of it.
          for (const d of told.filter((d) => new Date(d.created_at) <= notice.at)) {
            n += await enqueue(db, {
              channel: d.channel,
              target: d.target,
              destinationId: d.id,
              userId: null,
              subjectUserId: subject ?? null,
              event: source.event,
              eventKey: key,
              payload: renderNotice(notice, d.channel),
            });
          }
        }
        return n;
      }).catch((err: unknown) => {
        // One source failing (a table another release adds) leaves the others running.
        log.warn({ err, source: source.name }, 'notification scan failed');
        return 0;
      });
    }
    return written;
  }

  async function scanPlayers(now: string) {
    let written = 0;
    for (const source of playerSources) {
      written += await window(source.name, now, async (from) => {
        if (!context.telegram) return 0;
        let n = 0;
        for (const row of await queryRows<Record<string, unknown>>(db, source.query(from, now))) {
          const { key, notice } = source.notice(row);
          n += await enqueue(db, {
            channel: 'telegram',
            target: String(row.telegram_id),
            destinationId: null,
            userId: Number(row.user_id),
            subjectUserId: null,
            event: `player:${source.news}`,
            eventKey: key,
            payload: renderNotice(notice, 'telegram'),
          });
        }
        return n;
      }).catch((err: unknown) => {
        log.warn({ err, source: source.name }, 'notification scan failed');
        return 0;
      });
    }
    return written;
  }

  return {
    /** Reads every source once; the number of messages it queued. */
    async scan(): Promise<number> {
      const destinations = await queryRows<Destination>(
        db,
        sql`select id, channel, target, events, created_at from notification_destinations`,
      );
      // The clock as text to the microsecond: a JavaScript date keeps milliseconds, so a row
      // written in the scan's own millisecond fell after the window's end and waited a scan.
      const [clock] = await queryRows<{ now: string }>(
        db,
        sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
      );
      const now = clock!.now;
      return (await scanStaff(destinations, now)) + (await scanPlayers(now));
    },
  };
}

export type EventScan = ReturnType<typeof createEventScan>;
