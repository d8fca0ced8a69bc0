import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test-support/sql';
import { createAccount } from '../../test-support/sign-in';
import { openDatabase, type Database } from '../../db/client';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';
import { checkLedger } from '../ledger/ledger';
import { readBalanceFile } from './balance-file';

let base: TestApp;
let database: Database;
let shop: { app: FastifyInstance };
let admin: Awaited<ReturnType<typeof createAccount>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-import-'));

// The embedded database in a data folder, as a shop runs it: its one connection, on the shop's own
// thread, is what a long import used to hold for minutes.
beforeAll(async () => {
  base = await createTestApp({}, { embedded: true });
  database = await openDatabase({ dataDir });
  shop = { app: await createSecondInstance({ ...base, database }) };
  admin = await createAccount(shop.app, base.config, 'admin');
}, 120_000);
afterAll(async () => {
  await shop?.app.close();
  await database?.close();
  await base?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ROWS = 50_000;
const steamId = (index: number) => String(76561198100000000n + BigInt(index));
/** Row `index` of the big file: an amount in roubles and kopecks, a note on every third row. */
const row = (index: number) => ({
  steamId: steamId(index),
  amount: `${(index % 997) + 1}.${String(index % 100).padStart(2, '0')}`,
  note: index % 3 === 0 ? `Старый магазин  №${index % 7}` : '',
});

const send = (csv: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/import/balances',
    headers: { ...admin.headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

async function moneyState() {
  const [state] = await queryRows<{ entries: number; total: string; keys: number }>(
    shop.app.db,
    sql`select (select count(*) from transactions)::int as entries,
      (select coalesce(sum(balance_kopecks), 0) from users)::text as total,
      (select count(*) from balance_imports)::int as keys`,
  );
  return state;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a large balance file', () => {
  // How long health waits meanwhile is measured by `npm run bench:import` (bench/README.md), not
  // bounded here: a test's timing is the machine's, not the shop's.
  it(`credits ${ROWS} rows in batches while /api/health and the progress keep answering`, async () => {
    const lines = ['steamId,amount,note'];
    for (let index = 0; index < ROWS; index += 1) {
      const { steamId: id, amount, note } = row(index);
      lines.push(`${id},${amount},${note}`);
    }
    const progress: number[] = [];
    let running = true;
    // A monitor asking for health and the import's progress every 25 ms.
    const probe = (async () => {
      while (running) {
        await pause(25);
        const health = await shop.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBeLessThan(500);
        const runs = await shop.app.inject({
          url: '/api/admin/import/balances/runs',
          headers: admin.headers,
        });
        const [latest] = runs.json().runs;
        if (latest) progress.push(latest.done);
      }
    })();
    const reply = await send(lines.join('\n'));
    running = false;
    await probe;
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    expect(reply.json()).toMatchObject({
      rows: ROWS,
      credited: ROWS,
      alreadyImported: 0,
      playersCreated: ROWS,
      errors: [],
    });
    // Answered while the import ran (one that held the database answered nothing until it ended):
    // the progress was seen part done, at several points, and ends with every row done.
    const partDone = new Set(progress.filter((done) => done > 0 && done < ROWS));
    expect(partDone.size).toBeGreaterThan(3);
    const runs = await shop.app.inject({
      url: '/api/admin/import/balances/runs',
      headers: admin.headers,
    });
    expect(runs.json().runs[0]).toMatchObject({
      rows: ROWS,
      done: ROWS,
      credited: ROWS,
      total: reply.json().total,
      finishedAt: expect.any(String),
    });
    expect((await checkLedger(shop.app.db)).mismatched).toBe(0);

    // The same balances reordered, without the header, with `;` and decimal commas: nothing more.
    const before = await moneyState();
    const reordered = [];
    for (let index = ROWS - 1; index >= 0; index -= 1) {
      const { steamId: id, amount, note } = row(index);
      reordered.push(`${id};${amount.replace('.', ',')};${note}`);
    }
    const again = await send(reordered.join('\r\n'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credited: 0, alreadyImported: ROWS, total: 0 });
    expect(await moneyState()).toEqual(before);
  }, 600_000);

  it('takes up to 200 000 rows and refuses more, in Russian', async () => {
    const file = (count: number) =>
      Array.from({ length: count }, (_, index) => `${steamId(index)},1`).join('\n');
    const read = await readBalanceFile(file(200_000));
    expect(read.errors).toEqual([]);
    expect(read.rows).toHaveLength(200_000);
    expect((await readBalanceFile(file(200_001))).errors).toEqual([
      { line: 1, message: 'Не больше 200 000 строк в одном файле' },
    ]);
  }, 120_000);
});
