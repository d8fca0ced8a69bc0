import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createSecondInstance, createTestApp } from '../../test-support/test-app';
import { rowKey } from './balance-file';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-import-upgrade-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ALICE = '76561198000000701';
const BOB = '76561198000000702';

/** A balance row as the shop before migration 0040 credited it: keyed by its file and line. */
async function creditedBefore(
  database: Database,
  steamId: string,
  kopecks: number,
  file: string,
  line: number,
  note: string | null,
) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (steam_id, username) values (${steamId}, 'Игрок')
      on conflict (steam_id) do nothing`);
    const [user] = await queryRows<{ id: number }>(
      tx,
      sql`select id from users where steam_id = ${steamId}`,
    );
    const description = note ? `Перенос баланса: ${note}` : 'Перенос баланса';
    await tx.execute(sql`select ledger_post(${user!.id}::integer, ${kopecks}::bigint, 'transfer',
      ${description}::text, 'Перенос', null::uuid, null::uuid)`);
    await tx.execute(sql`insert into balance_imports (file_hash, line, user_id, amount_kopecks)
      values (${file}, ${line}, ${user!.id}, ${kopecks})`);
  });
}

describe('balances imported before rows were keyed by their content', () => {
  it('are found by content after the upgrade: the same file again credits nothing', async () => {
    const old = await openDatabase({ dataDir, migrations: 39 });
    await creditedBefore(old, ALICE, 15050, 'a'.repeat(64), 2, 'с прошлого  магазина');
    await creditedBefore(old, BOB, 99, 'a'.repeat(64), 3, null);
    // The bug of that time: the same balance from a reordered copy, credited a second time.
    await creditedBefore(old, BOB, 99, 'b'.repeat(64), 2, null);
    await old.close();

    const upgraded = await openDatabase({ dataDir });
    const keys = await queryRows<{ row_key: string; file_hash: string }>(
      upgraded.db,
      sql`select row_key, file_hash from balance_imports order by file_hash, line`,
    );
    expect(keys).toEqual([
      { file_hash: 'a'.repeat(64), row_key: rowKey(ALICE, 15050, 'с прошлого магазина') },
      { file_hash: 'a'.repeat(64), row_key: rowKey(BOB, 99, null) },
      { file_hash: 'b'.repeat(64), row_key: `file:${'b'.repeat(64)}:2` },
    ]);

    const shop = await createTestApp();
    const app = await createSecondInstance({ ...shop, database: upgraded });
    try {
      const admin = await createAccount(app, shop.config, 'admin');
      const reply = await app.inject({
        method: 'POST',
        url: '/api/admin/import/balances',
        headers: { ...admin.headers, 'content-type': 'text/csv' },
        payload: `${BOB};0,99\n${ALICE};150,50;с прошлого магазина`,
      });
      expect(reply.json()).toMatchObject({ credited: 0, alreadyImported: 2, total: 0 });
    } finally {
      await app.close();
      await shop.close();
      await upgraded.close();
    }
  }, 120_000);
});
