/**
 * What abusive sockets cost everyone else: while sockets fire 1,000 `adminJoin` events each with a
 * player's token, or malformed payloads, a prober asks GET /api/health every 20 ms and records how
 * long the shop takes to answer. Loopback only; bounded by the event count and a deadline.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@shop/shared';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createAccount } from '../apps/server/src/test-support/sign-in';

const ABUSERS = Number(process.env.BENCH_ABUSERS ?? 10);
const EVENTS = 1_000;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: process.env.DATABASE_URL });
// The prober asks every 20 ms, far above the per-address limit a monitor gets.
const app = await buildApp({
  config,
  database,
  gameServers: { monitorIntervalMs: false },
  rateLimitMax: 1_000_000,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const player = await createAccount(app, config);

async function probe(deadline: number): Promise<number[]> {
  const latencies: number[] = [];
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

function abuse(garbage: boolean): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve) => {
    const done = setTimeout(() => {
      socket.close();
      resolve();
    }, 5_000);
    socket.on('disconnect', () => {
      clearTimeout(done);
      resolve();
    });
    socket.on('connect', () => {
      for (let i = 0; i < EVENTS; i++) {
        if (garbage) socket.emit('join', { userId: { $gt: i }, token: 'x'.repeat(5_000) } as never);
        else socket.emit('adminJoin', { token: player.token });
      }
    });
  });
}

async function scenario(sockets: number, garbage: boolean): Promise<number[]> {
  const during = probe(Date.now() + 4_000);
  await Promise.all(Array.from({ length: sockets }, () => abuse(garbage)));
  return during;
}

const quiet = await probe(Date.now() + 2_000);
const rows: Array<[string, number[]]> = [
  ['quiet', quiet],
  [`1 socket × ${EVENTS} adminJoin (player's token)`, await scenario(1, false)],
  [`1 socket × ${EVENTS} malformed joins (5 KB each)`, await scenario(1, true)],
  [`${ABUSERS} sockets × ${EVENTS} adminJoin at once`, await scenario(ABUSERS, false)],
];
await app.close();
await database.close();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const row = (label: string, values: number[]) =>
  `| ${label} | ${values.length} | ${percentile(values, 50).toFixed(1)} ms | ${percentile(values, 99).toFixed(1)} ms | ${Math.max(...values).toFixed(1)} ms |`;
console.log(`| health probes | count | p50 | p99 | max |\n| --- | --- | --- | --- | --- |`);
for (const [label, values] of rows) console.log(row(label, values));
