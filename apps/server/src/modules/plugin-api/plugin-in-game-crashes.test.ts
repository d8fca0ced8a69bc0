import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onPath } from '@shop/plugin-stand-in';
import { afterEach, describe, expect, it } from 'vitest';
import { startPluginWorld, type PluginWorld } from '../../test-support/plugin-world';
import { waitUntil } from '../../test-support/wait-until';

/**
 * Exactly once on every path the game server can take: crashes before and after the world save, a
 * report that never reaches the shop, a refund meanwhile, a broken language file, a refused give.
 */
let world: PluginWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const refund = (w: PluginWorld, orderId: string) =>
  w.shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { ...w.admin.headers, 'idempotency-key': `refund-${orderId}` },
  });

const balanceOf = async (w: PluginWorld, headers: { authorization: string }) =>
  (await w.shop.app.inject({ url: '/api/auth/profile', headers })).json().balance as number;

describe.skipIf(!onPath('mcs'))('plugin delivery across crashes and lost replies', () => {
  it('gives again, once, what a crash before the world save took back', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(player, { name: 'АК-47', gameItemName: 'rifle.ak', quantity: 1 });
    await waitUntil(async () => (await w.holds(player.steamId, 'rifle.ak')) === 1, {
      what: 'AK given',
    });
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'reported',
    });

    await w.standIn.kill(); // before any save: the world on disk has no AK
    await w.standIn.restart();
    await w.standIn.connect(player.steamId, 'Back');
    await waitUntil(async () => (await w.holds(player.steamId, 'rifle.ak')) === 1, {
      what: 'AK given again after the crash',
    });
    await w.standIn.save();
    await waitUntil(async () => (await w.order(player, orderId)).isDelivered, { what: 'settled' });

    await w.standIn.kill(); // after the save: the AK is in the world and must not come twice
    await w.standIn.restart();
    const givesBefore = w.standIn.gives(player.steamId).length;
    await w.join(player.steamId);
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(
      () => w.standIn.chats(player.steamId).some((c) => c.text.includes('ничего нет')),
      {
        what: 'nothing left',
      },
    );
    expect(await w.holds(player.steamId, 'rifle.ak')).toBe(1);
    expect(w.standIn.gives(player.steamId).slice(givesBefore)).toEqual([]);
    const [job] = await w.jobsOf(orderId);
    expect(job).toMatchObject({ status: 'delivered', givenAmount: 1, savedAmount: 1 });
  });

  it('recovers from a crash whose journal file was left torn, from its previous copy, once', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      1000,
    );
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given',
    });

    await w.standIn.kill();
    await writeFile(path.join(w.standIn.dir, 'data', 'RustShopStore.json'), '{"Jobs":[{"Id":"');
    await w.standIn.restart();
    await w.join(player.steamId);
    await waitUntil(async () => (await w.holds(player.steamId, 'wood')) === 1000, {
      what: 'the wood the crash took back, given again',
    });
    expect(w.standIn.logs('warning').some((log) => log.text.includes('RustShopStore.json'))).toBe(
      true,
    );
    await w.standIn.save();
    await waitUntil(async () => (await w.order(player, orderId)).isDelivered, { what: 'settled' });
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
  });

  it('never lets a refund pay for a give the shop has not heard of, and reports it once the shop is back', async () => {
    const w = (world = await startPluginWorld({ config: { AutoDeliver: false } }));
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'АК-47', gameItemName: 'rifle.ak', quantity: 1 },
      1,
    );
    const paid = await balanceOf(w, player.headers);
    w.proxy.cutRequests('/jobs/given'); // the shop cannot be reached for the report
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.holds(player.steamId, 'rifle.ak')) === 1, {
      what: 'AK given',
    });

    // The job is still leased as far as the shop knows: a refund leaves it alone…
    expect((await refund(w, orderId)).statusCode).toBe(409);
    // …also once the lease ran out, and the plugin, asked again, neither gives nor hands it back.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(
      () => w.standIn.httpRequests().filter((r) => r.url.endsWith('/jobs/lease')).length >= 2,
      { what: 'second lease' },
    );
    expect((await refund(w, orderId)).statusCode).toBe(409);
    expect(w.standIn.httpRequests().some((r) => r.url.endsWith('/jobs/release'))).toBe(false);
    expect((await w.jobsOf(orderId))[0]).toMatchObject({ status: 'sending', givenAmount: 0 });

    w.proxy.cutRequests(null);
    await w.standIn.advance(300); // the report's retry timer
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'the give reported in the end',
    });
    expect((await refund(w, orderId)).statusCode).toBe(409);
    expect(await balanceOf(w, player.headers)).toBe(paid);
    expect(await w.holds(player.steamId, 'rifle.ak')).toBe(1);
  });

  it('gives once when a language file broken by hand throws at the message right after the give', async () => {
    // Carbon reads the language file at every message, so an edit made while the server runs counts.
    const w = (world = await startPluginWorld({ mode: 'carbon' }));
    await w.standIn.writeLang('ru', '{ "Given": "Выдано: {0} ×{1}", oops');
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      1000,
    );
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given',
    });
    await w.standIn.chat(player.steamId, '/store');
    await w.standIn.save();
    await waitUntil(async () => (await w.order(player, orderId)).isDelivered, { what: 'settled' });
    expect(await w.holds(player.steamId, 'wood')).toBe(1000);
    // The file did throw right after the give (else this proves nothing), and the built-in text stood in.
    expect(w.standIn.logs('warning').some((log) => log.text.includes('could not be read'))).toBe(
      true,
    );
    expect(
      w.standIn
        .chats(player.steamId)
        .map((c) => c.text)
        .join('\n'),
    ).toContain('Выдано: Дерево ×1 000');
  });

  it('keeps what the game took when it refuses a new slot, and never touches the player’s own items', async () => {
    const w = (world = await startPluginWorld());
    const player = await w.player({ online: false });
    await w.standIn.setInventory(player.steamId, [
      { shortname: 'wood', amount: 700 },
      { shortname: 'rifle.ak', amount: 1 },
    ]);
    await w.standIn.refuse('wood'); // another plugin's CanAcceptItem refuses a new slot of wood
    const orderId = await w.buy(
      player,
      { name: 'Дерево', gameItemName: 'wood', quantity: 1000 },
      1000,
    );
    await w.standIn.connect(player.steamId, 'Owner');
    // Asked on a probe item, the game takes 300 into the player's stack and no new slot: those 300
    // are given and kept, the rest waits.
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.givenAmount === 300, {
      what: 'the part the game took, reported',
    });
    const [job] = await w.jobsOf(orderId);
    expect(job).toMatchObject({ status: 'pending', givenAmount: 300 });
    expect(job!.lastError).toContain('Выдано 300 из 1 000');
    expect(await w.standIn.inventory(player.steamId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ shortname: 'wood', amount: 1000 }),
        expect.objectContaining({ shortname: 'rifle.ak', amount: 1 }),
      ]),
    );
    expect(w.standIn.gives(player.steamId).every((give) => give.accepted)).toBe(true);
  });

  it('in Carbon, a reply that reaches the old instance during a reload gives nothing twice', async () => {
    const w = (world = await startPluginWorld({ mode: 'carbon', config: { AutoDeliver: false } }));
    const player = await w.player();
    const orderId = await w.buy(
      player,
      { name: 'Сера', gameItemName: 'sulfur', quantity: 1000 },
      2000,
    );
    w.proxy.delayReplies('/jobs/lease', 1000);
    const leasesBefore = w.standIn.httpRequests().length;
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'sending', {
      what: 'leased',
    });
    await w.standIn.reload(); // the lease's reply is still on its way
    await waitUntil(
      () =>
        w.standIn
          .httpRequests()
          .slice(leasesBefore)
          .some((r) => r.url.endsWith('/jobs/lease')),
      { what: 'the late reply, delivered to the old instance' },
    );
    expect(w.standIn.gives(player.steamId)).toEqual([]);

    w.proxy.delayReplies(null);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the lease runs out
    await w.standIn.chat(player.steamId, '/store');
    await waitUntil(async () => (await w.jobsOf(orderId))[0]?.status === 'given', {
      what: 'given',
    });
    expect(await w.holds(player.steamId, 'sulfur')).toBe(2000);
    expect(w.standIn.exceptions()).toEqual([]);
  });
});
