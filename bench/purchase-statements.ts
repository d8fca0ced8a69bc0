/**
 * What the purchase costs PostgreSQL: its CPU time per purchase statement, the purchase statement
 * alone under pgbench, and the statements PostgreSQL logs for one purchase through the shop.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RustSimHandle } from '@shop/rust-sim';
import { openDatabase } from '../apps/server/src/db/client';
import pg from 'pg';
import { adminQuery, freshPostgres, pgbenchTps } from './bench-postgres';
import { BUYERS, openShop, startShopProcesses } from './purchase-shops';

/**
 * The purchase statement alone, sent by pgbench's 50 clients to the 1-process line's database
 * (its buyers, product and server), each with an Idempotency-Key of its own as the web app sends:
 * the most purchases per second this PostgreSQL can take, with no HTTP and no Node in the way.
 */
export function statementTps(url: string, seconds: number): number {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'shop-bench-')), 'buy.sql');
  writeFileSync(
    script,
    `\\set uid random(2, ${BUYERS + 1})
select outcome from orders_buy_one((select token_hash from sessions where user_id = :uid limit 1),
  :uid, gen_random_uuid()::text, 'bench', 1, (select date_trunc('milliseconds', updated_at) from products where id = 1),
  1, 1::smallint, 'Bench', gen_random_uuid(), 1, 1, 100, 100, 'Дерево', null, 'Покупка: Дерево',
  '76561198000000000', 'plugin', jsonb_build_object('kind', 'give'),
  jsonb_build_object('success', true), null, now());
`.replace(/\n {2}/g, ' '),
  );
  try {
    return pgbenchTps(url, {
      clients: BUYERS,
      seconds,
      args: ['-n', '-M', 'prepared', '-f', script],
    });
  } finally {
    rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/**
 * PostgreSQL's own CPU time per purchase statement: one connection sends it as the shop does (a named
 * prepared statement, an Idempotency-Key each) in six rounds of 300 to the 1-process line's
 * database, and the server process of that connection is read in /proc (loopback: same machine).
 * CPU time, not wall time, so the machine's other work moves it far less than any rate (caches and
 * clock still do): the fastest round and the median. Null when /proc does not show that process.
 */
export async function statementCpuMs(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const schedstat = `/proc/${rows[0]?.pid}/schedstat`;
    if (!existsSync(schedstat)) return null;
    const cpuMs = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
    const buyers = (
      await client.query<{ id: number; hash: string }>(
        `select u.id, s.token_hash as hash from users u join sessions s on s.user_id = u.id
         where not u.is_admin order by u.id`,
      )
    ).rows;
    const buy = async (round: number) => {
      const buyer = buyers[round % buyers.length]!;
      const order = randomUUID();
      await client.query({
        name: 'bench_buy_one',
        text: `select outcome from orders_buy_one($1, $2, $3, 'bench', 1,
          (select date_trunc('milliseconds', updated_at) from products where id = 1), 1, 1::smallint,
          'Bench', $4::uuid, 1, 1, 100, 100, 'Дерево', null, 'Покупка: Дерево', '76561198000000000',
          'plugin', '{"kind":"give"}'::jsonb, $5::jsonb, null, now())`,
        values: [buyer.hash, buyer.id, randomUUID(), order, JSON.stringify({ orderId: order })],
      });
    };
    for (let i = 0; i < 100; i += 1) await buy(i); // plans made, caches warm
    const rounds: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const before = cpuMs();
      for (let i = 0; i < 300; i += 1) await buy(i);
      rounds.push((cpuMs() - before) / 300);
    }
    rounds.sort((a, b) => a - b);
    return { min: rounds[0]!, median: (rounds[2]! + rounds[3]!) / 2 };
  } finally {
    await client.end();
  }
}

/**
 * Statements PostgreSQL logs (log_statement = 'all' on the bench database only) for one purchase
 * after the shop has served that buyer once: the common product, and a VIP product (full path).
 */
export async function statementCounts(adminUrl: string, logFile: string, game: RustSimHandle) {
  const url = await freshPostgres(adminUrl, 'shop_bench_log');
  const database = await openDatabase({ url });
  const shop = await openShop(database, game);
  await adminQuery(adminUrl, `ALTER DATABASE shop_bench_log SET log_statement = 'all'`);
  const shops = await startShopProcesses(1, url);
  const buy = (productId: number) =>
    fetch(`${shops.bases[0]}/api/purchase`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shop.tokens[0]}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ productId, serverId: shop.serverId, quantity: 1 }),
    }).then((reply) => reply.status);
  const logSize = async () =>
    Number(
      (
        await adminQuery<{ size: string }>(adminUrl, 'select size from pg_stat_file($1)', [logFile])
      )[0]?.size,
    );
  const count = async (productId: number) => {
    await buy(productId); // warms the session, the catalogue and the prepared statement
    const from = await logSize();
    const status = await buy(productId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const to = await logSize();
    const [row] = await adminQuery<{ text: string }>(
      adminUrl,
      'select pg_read_file($1, $2, $3) as text',
      [logFile, from, to - from],
    );
    const lines = (row?.text ?? '')
      .split('\n')
      .filter((l) => /LOG: {2}(statement|execute)/.test(l));
    if (status !== 200) throw new Error(`purchase answered ${status}`);
    return lines.length;
  };
  const common = await count(shop.productId);
  const vip = await count(shop.vipId);
  await shops.stop();
  await adminQuery(adminUrl, `ALTER DATABASE shop_bench_log RESET log_statement`);
  await shop.app.close();
  await database.close();
  return { common, vip };
}
