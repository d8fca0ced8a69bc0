/**
 * GET /api/products through the whole shop (routing, validation, serialisation, compression off,
 * catalogue served from memory) beside a bare Fastify route that sends the same JSON from memory.
 * Same process, same run, loopback only: the ratio is what the shop's own layers cost.
 */
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoCatalog } from '../apps/server/src/modules/demo/demo-catalog';
import { load, median, rssMegabytes, type LoadResult } from './support';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: process.env.DATABASE_URL });
const shop = await buildApp({
  config,
  database,
  rateLimitMax: 10_000_000,
  gameServers: { monitorIntervalMs: false },
});
await seedDemoCatalog(shop);
await shop.listen({ port: 0, host: '127.0.0.1' });
const shopUrl = `http://127.0.0.1:${(shop.server.address() as { port: number }).port}/api/products`;

const body = await (await fetch(shopUrl)).text();
const bare = Fastify();
bare.get('/api/products', (_request, reply) => reply.type('application/json').send(body));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/api/products`;

await load(shopUrl, { durationSeconds: 2 }); // warm-up
// Alternating rounds, median of each: a single pair on two shared cores swings by a third.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const bareRuns: LoadResult[] = [];
const shopRuns: LoadResult[] = [];
for (let round = 0; round < rounds; round += 1) {
  bareRuns.push(await load(bareUrl, { durationSeconds }));
  shopRuns.push(await load(shopUrl, { durationSeconds }));
}
const bareResult = median(bareRuns);
const shopResult = median(shopRuns);
const ratio = shopResult.requestsPerSecond / bareResult.requestsPerSecond;

console.log(
  JSON.stringify(
    {
      products: JSON.parse(body).length,
      bytes: body.length,
      bare: bareResult,
      shop: shopResult,
      ratio: Math.round(ratio * 100) / 100,
      rssMb: rssMegabytes(),
    },
    null,
    2,
  ),
);
await shop.close();
await bare.close();
await database.close();
