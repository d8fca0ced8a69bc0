import { onPath } from '@shop/plugin-stand-in';
import { afterEach, describe, expect, it } from 'vitest';
import { startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * The world save as the game makes it (plugin-platform.md, SaveRestore.cs): OnServerSave fires
 * first, the world is written frames later, the write can fail, and a quit during a save writes
 * nothing. Each test ends with a crash and counts the items the player holds afterwards.
 */
let world: PluginWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const WOOD = { name: 'Дерево', gameItemName: 'wood', quantity: 1000 };

/** After a restart: the player is back and what the shop still owes them has been given and settled. */
async function settleAfterRestart(w: PluginWorld, steamId: string, orderId: string) {
  await w.standIn.connect(steamId, 'Back');
  // The shop still says «given» until the plugin's report of the crash arrives: what counts is the
  // item in the restarted world.
  await waitUntil(async () => (await w.holds(steamId, 'wood')) >= 1000, {
    what: 'the delivery given again after the restart',
  });
  await w.standIn.save();
  await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'delivered', {
    what: 'the delivery settled by a written save',
  });
}

describe.skipIf(!onPath('mcs'))('plugin delivery and the world save as the game makes it', () => {
  it('gives nothing while a save is being written, so a crash after it leaves exactly one copy', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    // A long save (60 frames): the purchase arrives between OnServerSave and the write.
    const saving = w.standIn.save({ frames: 60 });
    const orderId = await w.buy(player, WOOD, 1000);
    expect((await saving).written).toBe(true);
    await waitUntil(async () => (await w.holds(player.steamId, 'wood')) === 1000, {
      what: 'the wood given once the save is written',
    });

    await w.standIn.kill(); // before the next save
    await w.standIn.restart();
    await settleAfterRestart(w, player.steamId, orderId);
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
  });

  it('counts a save that failed as no save: a crash after it gives again', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(player, WOOD, 1000);
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given and reported',
    });

    await w.standIn.setSaveFailure(true); // a full disk: the game logs the error, no hook says so
    expect((await w.standIn.save()).written).toBe(false);
    await waitUntil(
      () => w.standIn.logs('warning').some((log) => log.text.includes('was not written')),
      { what: 'the plugin noticing the save was not written' },
    );
    expect((await w.jobsOf(orderId))[0]).toMatchObject({ status: 'given', savedAmount: 0 });

    await w.standIn.kill();
    await w.standIn.setSaveFailure(false).catch(() => undefined);
    await w.standIn.restart();
    await settleAfterRestart(w, player.steamId, orderId);
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
    expect((await w.order(player, orderId)).isDelivered).toBe(true);
  });

  it('assumes nothing of a quit during a save: the next start finds nothing written and gives again', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(player, WOOD, 1000);
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given and reported',
    });

    expect((await w.standIn.quitDuringSave({ frames: 20 })).written).toBe(false);
    await w.standIn.restart();
    await settleAfterRestart(w, player.steamId, orderId);
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
  });

  it('settles at the next start what the shutdown save wrote, and gives nothing again', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(player, WOOD, 1000);
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given and reported',
    });

    expect((await w.standIn.close()).written).toBe(true); // quit: the blocking shutdown save
    await w.standIn.restart();
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'delivered', {
      what: 'the shutdown save reported at the next start',
    });
    await w.join(player.steamId);
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
  });
});
