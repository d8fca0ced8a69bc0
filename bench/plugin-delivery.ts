/**
 * Automatic delivery through the game-server plugin: from a player's purchase to the item in their
 * inventory, with the player online and typing nothing. The unmodified plugin runs in the game
 * stand-in (Mono) against the shop on PGlite, all on loopback, with the shop's production settings
 * for the long poll (answered when a job is due, the queue looked at every 500 ms).
 *
 * BENCH_PURCHASES (default 200) purchases by BENCH_PLAYERS (default 20) online players, one every
 * 100–400 ms; the run stops by itself after them or after BENCH_SECONDS (default 120).
 */
import { performance } from 'node:perf_hooks';
import type { GiveEvent } from '@shop/plugin-stand-in';
import { addProduct } from '../apps/server/src/test-support/shop-fixtures';
import { startPluginWorld } from '../apps/server/src/test-support/plugin-world';

const purchases = Number(process.env.BENCH_PURCHASES ?? 200);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 20);
const deadline = Date.now() + Number(process.env.BENCH_SECONDS ?? 120) * 1000;

const world = await startPluginWorld({
  app: {
    delivery: {
      autostart: false,
      pluginLeaseSeconds: 120,
      pluginWaitSeconds: 25,
      pluginWaitPollMs: 500,
    },
  },
});
const players = [];
for (let i = 0; i < playerCount; i += 1) players.push(await world.player());
const productId = await addProduct(world.shop, world.admin.headers, {
  name: 'Дерево',
  gameItemName: 'wood',
  quantity: 100,
});

// Purchase times per player, matched in order with the items the game gives them.
const started = new Map<string, number[]>();
const latencies: number[] = [];
let seen = 0;
const collect = () => {
  const gives: GiveEvent[] = world.standIn.gives().slice(seen);
  seen += gives.length;
  const at = performance.now();
  for (const give of gives) {
    if (!give.accepted || give.shortname !== 'wood') continue;
    const queue = started.get(give.steamId);
    const t0 = queue?.shift();
    if (t0 !== undefined) latencies.push(at - t0);
  }
};
const poll = setInterval(collect, 5);

let bought = 0;
while (bought < purchases && Date.now() < deadline) {
  const player = players[Math.floor(Math.random() * players.length)]!;
  const queue = started.get(player.steamId) ?? [];
  started.set(player.steamId, queue);
  queue.push(performance.now());
  await world.purchase(player, productId, 100);
  bought += 1;
  await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
}
while (latencies.length < bought && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
clearInterval(poll);
collect();

const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  `plugin automatic delivery: ${latencies.length}/${bought} delivered, ${playerCount} players online`,
);
console.log(
  `p50 ${ms(at(0.5))} · p95 ${ms(at(0.95))} · p99 ${ms(at(0.99))} · max ${ms(sorted.at(-1) ?? NaN)}`,
);
await world.close();
process.exit(latencies.length === bought ? 0 : 1);
