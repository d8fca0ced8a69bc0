import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/execute';
import { MIGRATIONS_FOLDER } from '../../db/schema-version';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-discord-move-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migration before the move, read from the journal (others may be added before it). */
function versionBeforeMove(): number {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  return (
    journal.entries.find((entry) => entry.tag.endsWith('_discord_webhooks_on_outbox'))!.idx - 1
  );
}

describe('upgrading a shop with Discord webhooks', () => {
  it('moves each enabled webhook, its unsent messages and the scan position onto the outbox', async () => {
    const before = await openDatabase({ dataDir: dir, migrations: versionBeforeMove() });
    await before.db.execute(sql`
      insert into discord_webhooks (name, webhook_id, webhook_token, events, enabled)
      values ('Продажи', '123456789012345678', 'tokentokentokentokentoken', array['purchase', 'delivery', 'reversal', 'wipe'], true),
             ('Выключен', '223456789012345678', 'tokentokentokentokentoken', array['topup'], false)`);
    await before.db.execute(sql`
      insert into discord_outbox (webhook_id, event_key, payload)
      select id, 'order:42', '{"embeds":[]}'::jsonb from discord_webhooks where name = 'Продажи'`);
    await before.db.execute(sql`
      insert into discord_event_cursors (source, scanned_until)
      values ('orders', '2026-01-01T00:00:00Z'), ('wipes', '2026-01-01T00:00:00Z')`);
    await before.close();

    const after = await openDatabase({ dataDir: dir });
    const destinations = await queryRows<{
      channel: string;
      target: string;
      name: string;
      events: string[];
    }>(after.db, sql`select channel, target, name, events from notification_destinations`);
    expect(destinations).toEqual([
      {
        channel: 'discord',
        target: 'https://discord.com/api/webhooks/123456789012345678/tokentokentokentokentoken',
        name: 'Продажи',
        events: ['purchase', 'delivery_failed', 'chargeback'],
      },
    ]);
    const waiting = await queryRows<{ event: string; event_key: string; status: string }>(
      after.db,
      sql`select event, event_key, status from notification_outbox`,
    );
    expect(waiting).toEqual([{ event: 'purchase', event_key: 'order:42', status: 'pending' }]);
    const cursors = await queryRows<{ source: string }>(
      after.db,
      sql`select source from notification_cursors`,
    );
    expect(cursors).toEqual([{ source: 'orders' }]);
    await after.close();
  });
});
