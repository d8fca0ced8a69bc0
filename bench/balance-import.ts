/**
 * What a large balance import costs everyone else: BENCH_IMPORT_ROWS rows (50 000 by default)
 * imported through `POST /api/admin/import/balances` into the embedded database in a data folder (as
 * `npm start` runs it: one connection, on the shop's own thread), while a monitor asks `/api/health`
 * every 25 ms. Each answer is timed from when it was sent and from when it was due (a probe held
 * back by a stalled loop counts its wait). Loopback only (inject, no socket); bounded by the import.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createAccount } from '../apps/server/src/test-support/sign-in';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const PROBE_EVERY_MS = 25;
/** The budget: health answers within this, from its send, throughout the import (issue 36). */
const HEALTH_BUDGET_MS = 200;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDatabase({ dataDir });
const app = await buildApp({
  config,
  database,
  rateLimitMax: 100_000_000,
  gameServers: { monitorIntervalMs: false },
  reconcileIntervalMs: false,
  delivery: { autostart: false },
});
await app.ready();
const admin = await createAccount(app, config, 'admin');

const lines = ['steamId,amount,note'];
for (let index = 0; index < rows; index += 1) {
  const steamId = String(76561198100000000n + BigInt(index));
  lines.push(
    `${steamId},${(index % 997) + 1}.${String(index % 100).padStart(2, '0')},Старый магазин`,
  );
}
const csv = lines.join('\n');

const fromSend: number[] = [];
const fromDue: number[] = [];
let running = true;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const monitor = (async () => {
  let due = performance.now();
  while (running) {
    due += PROBE_EVERY_MS;
    await pause(Math.max(0, due - performance.now()));
    const sent = performance.now();
    const health = await app.inject({ url: '/api/health' });
    if (health.statusCode >= 500) throw new Error(`health answered ${health.statusCode}`);
    const answered = performance.now();
    fromSend.push(answered - sent);
    fromDue.push(answered - due);
    due = Math.max(due, answered);
  }
})();

const started = performance.now();
const reply = await app.inject({
  method: 'POST',
  url: '/api/admin/import/balances',
  headers: { ...admin.headers, 'content-type': 'text/csv; charset=utf-8' },
  payload: csv,
});
const seconds = (performance.now() - started) / 1000;
running = false;
await monitor;
if (reply.statusCode !== 200) throw new Error(`import answered ${reply.statusCode}`);
const { credited } = reply.json<{ credited: number }>();
if (credited !== rows) throw new Error(`credited ${credited} of ${rows}`);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  [
    `| rows | import | rows/s | probes | from send p50 / p99 / max | from due max |`,
    `| --- | --- | --- | --- | --- | --- |`,
    `| ${rows} | ${seconds.toFixed(1)} s | ${Math.round(rows / seconds)} | ${fromSend.length} | ` +
      `${ms(quantile(fromSend, 0.5))} / ${ms(quantile(fromSend, 0.99))} / ${ms(Math.max(...fromSend))} | ` +
      `${ms(Math.max(...fromDue))} |`,
  ].join('\n'),
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
const worst = Math.max(...fromSend);
if (worst >= HEALTH_BUDGET_MS) {
  console.error(`over budget: health took ${ms(worst)} (budget ${HEALTH_BUDGET_MS} ms)`);
  process.exitCode = 1;
}
