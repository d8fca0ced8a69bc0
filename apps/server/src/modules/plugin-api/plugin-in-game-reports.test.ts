import { onPath } from '@shop/plugin-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * What the plugin tells the shop after a crash when the shop is out of reach for a while: the
 * crash once, then what it gave again meanwhile, so the shop's counts end as the world's.
 */
let world: PluginWorld;
beforeAll(async () => {
  world = await startPluginWorld({ config: { AutoDeliver: false } });
});
afterAll(() => world?.close());

describe.skipIf(!onPath('mcs'))('plugin reports after a crash', () => {
  it('tells the shop of what it gave again before the shop heard of the crash, and tells the crash once', async () => {
    const player = await world.player();
    const wood = { name: 'Дерево', gameItemName: 'wood', quantity: 50_000 };
    const orderId = await world.buy(player, wood, 50_000);
    await world.standIn.chat(player.steamId, '/store'); // 30 slots: 30 000 now, the rest waits
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.givenAmount === 30_000, {
      what: 'the first part reported',
    });

    await world.standIn.kill(); // before any save
    world.proxy.cutRequests('/jobs/rolled-back'); // the shop hears of the crash only after the re-give
    await world.standIn.restart();
    await world.standIn.connect(player.steamId, 'Back');
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await world.holds(player.steamId, 'wood')) === 30_000, {
      what: 'the part the crash took, given again',
    });
    world.proxy.cutRequests(null);
    const told = (suffix: string) =>
      world.standIn.httpRequests().filter((r) => r.url.endsWith(suffix) && r.status === 200).length;
    await waitUntil(
      async () => {
        await world.standIn.advance(300); // the report's retry timer
        return (
          told('/jobs/rolled-back') > 0 && (await world.jobsOf(orderId))[0]?.givenAmount === 30_000
        );
      },
      { what: 'the crash and then the new give reported', intervalMs: 200 },
    );
    expect(told('/jobs/rolled-back')).toBe(1);
    expect((await world.jobsOf(orderId))[0]).toMatchObject({ status: 'pending', savedAmount: 0 });
  });

  it('counts the save the game makes at shutdown: settled at the next start, given once', async () => {
    const player = await world.player();
    const orderId = await world.buy(
      player,
      { name: 'Сера', gameItemName: 'sulfur', quantity: 1000 },
      1000,
    );
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await world.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given, not yet saved',
    });

    // The game's quit: OnServerShutdown, the plugin unloads, then the world is saved without it.
    await world.standIn.close();
    await world.standIn.restart();
    await waitUntil(async () => (await world.order(player, orderId)).isDelivered, {
      what: 'settled from the shutdown save',
    });
    await world.standIn.connect(player.steamId, 'Back');
    await world.standIn.chat(player.steamId, '/store');
    await waitUntil(
      () => world.standIn.chats(player.steamId).some((c) => c.text.includes('ничего нет')),
      { what: 'nothing left' },
    );
    expect(await world.holds(player.steamId, 'sulfur')).toBe(1000);
    expect(world.standIn.gives(player.steamId).filter((g) => g.accepted)).toHaveLength(1);
  });
});
