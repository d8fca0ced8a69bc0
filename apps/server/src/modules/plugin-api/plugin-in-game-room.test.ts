import { onPath } from '@shop/plugin-stand-in';
import { afterEach, describe, expect, it } from 'vitest';
import { rocksLeaving, startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * Room as the game counts it (Item.CanStack, Item.MaxStackable, ItemContainer.CanAcceptItem):
 * what fits is given and kept, a kit is given whole or waits, and nothing is given twice.
 */
let world: PluginWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe.skipIf(!onPath('mcs'))('plugin gives as the game counts room', () => {
  it('gives the part that fits when the game refuses an empty slot, and the rest once there is room', async () => {
    const w = (world = await startPluginWorld({ config: { AutoDeliver: false } }));
    const player = await w.player();
    // Three half stacks of wood take 1 500 more; another plugin refuses wood a new slot.
    await w.standIn.setInventory(player.steamId, [
      { shortname: 'wood', amount: 500 },
      { shortname: 'wood', amount: 500 },
      { shortname: 'wood', amount: 500 },
    ]);
    await w.standIn.refuse('wood');
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      5000,
    );

    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.givenAmount === 1500, {
      what: 'the part that fits given and reported',
    });
    expect(await w.holds(player.steamId, 'wood')).toBe(3000);
    const [waiting] = await w.jobsOf(orderId);
    expect(waiting).toMatchObject({ status: 'pending', givenAmount: 1500 });
    expect(waiting?.lastError).toMatch(/Выдано 1 500 из 5 000/);

    await w.standIn.refuse(null);
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'the rest given',
    });
    expect(await w.holds(player.steamId, 'wood')).toBe(6500);
  });

  it('delivers a kit on a plugin server with no config edit: it waits for room for all of it, then comes whole', async () => {
    const w = (world = await startPluginWorld({ config: { AutoDeliver: false } }));
    const player = await w.player();
    await w.standIn.setInventory(player.steamId, rocksLeaving(1));
    const orderId = await w.buy(player, {
      name: 'Набор строителя',
      category: 'kits',
      kitItems: [
        { gameItemName: 'wood', amount: 2000 },
        { gameItemName: 'stones', amount: 1000 },
      ],
    });

    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(
      () =>
        w.standIn.chats(player.steamId).some((chat) => chat.text.includes('Нет места для набора')),
      { what: 'the kit waiting for three free slots' },
    );
    expect(await w.holds(player.steamId, 'wood')).toBe(0);
    // The chat line comes as the job is handed back: the shop has it a moment later.
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'pending', {
      what: 'the kit handed back to the queue',
    });
    expect((await w.jobsOf(orderId))[0]).toMatchObject({ status: 'pending', givenAmount: 0 });

    await w.standIn.setInventory(player.steamId, rocksLeaving(3));
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'the whole kit given',
    });
    expect(await w.holds(player.steamId, 'wood')).toBe(2000);
    expect(await w.holds(player.steamId, 'stones')).toBe(1000);
    await w.standIn.save();
    await waitUntil(async () => (await w.order(player, orderId)).isDelivered, { what: 'settled' });
  });
});
