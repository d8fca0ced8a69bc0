/**
 * The game-server plugin's cost to the game's main thread with many jobs waiting for room. The
 * unmodified plugin runs in the game stand-in (Mono), which times every frame's plugin work (hooks,
 * timers, web-request callbacks, commands); the shop runs on PGlite with its production settings for
 * the plugin (25 s long poll, 500 ms queue look, 120 s leases), all on loopback.
 *
 * BENCH_JOBS (default 1000) jobs spread over BENCH_PLAYERS (default 50) online players whose
 * inventories are full, so every automatic round leases them and hands them back. With
 * BENCH_PARTLY=1 each job has been given in part first, so each one also has a journal entry.
 * Measures BENCH_SECONDS (default 75) of rounds, then BENCH_SAVES (default 5) world saves.
 */
import type { FrameStatsResult } from '@shop/plugin-stand-in';
import { addProduct } from '../apps/server/src/test-support/shop-fixtures';
import { rocksLeaving, startPluginWorld } from '../apps/server/src/test-support/plugin-world';
import { waitUntil } from '../apps/server/src/test-support/wait-until';

const jobs = Number(process.env.BENCH_JOBS ?? 1000);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 75);
const saves = Number(process.env.BENCH_SAVES ?? 5);
const partly = process.env.BENCH_PARTLY === '1';

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
const { standIn } = world;

const players = [];
for (let i = 0; i < playerCount; i += 1) {
  const player = await world.player();
  // With BENCH_PARTLY, room for one stack: each job gets 1 000 of its 2 000 wood at first.
  await standIn.setInventory(player.steamId, rocksLeaving(partly ? 1 : 0));
  players.push(player);
}
const productId = await addProduct(world.shop, world.admin.headers, {
  name: 'Дерево',
  gameItemName: 'wood',
  quantity: 2000,
});
for (let i = 0; i < jobs; i += 1) {
  const player = players[i % players.length]!;
  if (partly) await standIn.setInventory(player.steamId, rocksLeaving(1));
  await world.purchase(player, productId, 2000);
  if (partly) {
    await waitUntil(async () => (await standIn.inventory(player.steamId)).length === 30, {
      what: 'the part that fits given',
      timeoutMs: 30_000,
    });
  }
}
for (const player of players) await standIn.setInventory(player.steamId, rocksLeaving(0));

await standIn.stats({ reset: true });
const roundsFrom = standIn.httpRequests().length;
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const rounds = await standIn.stats({ reset: true });
const leases = standIn
  .httpRequests()
  .slice(roundsFrom)
  .filter((request) => request.url.endsWith('/jobs/lease')).length;

const saveStats: FrameStatsResult[] = [];
for (let i = 0; i < saves; i += 1) {
  await standIn.stats({ reset: true });
  await standIn.save();
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the plugin settles the save
  saveStats.push(await standIn.stats({ reset: true }));
}

const fixed = (value: number) => value.toFixed(2);
console.log(
  `plugin frames: ${jobs} jobs waiting for room${partly ? ' (each given in part)' : ''}, ${playerCount} players online`,
);
const perRound = (total: number) => fixed(total / Math.max(1, leases));
console.log(
  `rounds: ${seconds} s, ${leases} leases, ${rounds.frames} frames. Wall time in the plugin: max ${fixed(rounds.maxFrameMs)} ms a frame, ` +
    `${rounds.over5ms} frames over 5 ms, ${perRound(rounds.totalPluginMs)} ms per round. CPU time: max ${fixed(rounds.maxFrameCpuMs)} ms a frame, ` +
    `${rounds.over5msCpu} frames over 5 ms, ${perRound(rounds.totalPluginCpuMs)} ms per round`,
);
const worst = (pick: (stats: FrameStatsResult) => number) =>
  fixed(Math.max(...saveStats.map(pick)));
const average = (pick: (stats: FrameStatsResult) => number) =>
  fixed(saveStats.reduce((sum, stats) => sum + pick(stats), 0) / saves);
console.log(
  `saves: ${saves}. Wall: max ${worst((s) => s.maxFrameMs)} ms a frame, ${average((s) => s.totalPluginMs)} ms per save. ` +
    `CPU: max ${worst((s) => s.maxFrameCpuMs)} ms a frame, ${average((s) => s.totalPluginCpuMs)} ms per save, ` +
    `${saveStats.reduce((sum, stats) => sum + stats.over5msCpu, 0)} frames over 5 ms`,
);
await world.close();
process.exit(0);
