import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPluginShop, type PluginShop } from '../../test-support/plugin-shop';

let world: PluginShop;
beforeAll(async () => {
  world = await startPluginShop('76561198000000313');
  // The server's own list: a modded wood stack of 2000, and an item only this server has.
  await world.report('/items', {
    items: [
      {
        itemid: -151838493,
        shortname: 'wood',
        displayName: 'Wood',
        category: 'Resources',
        stackable: 2000,
      },
      {
        itemid: 777,
        shortname: 'custom.crate',
        displayName: 'Custom Crate',
        category: 'Misc',
        stackable: 5,
      },
    ],
  });
});
afterAll(() => world?.close());

const KIT = {
  name: 'Набор рейдера',
  gameItemName: undefined,
  category: 'kits',
  price: 300,
  kitItems: [
    { gameItemName: 'wood', amount: 3000 },
    { gameItemName: 'stones', amount: 500 },
    { gameItemName: 'custom.crate', amount: 2 },
  ],
};

const kopecks = async () =>
  Math.round(
    (
      await world.shop.app.inject({ url: '/api/auth/profile', headers: world.player.headers })
    ).json<{ balance: number }>().balance * 100,
  );
const refund = (orderId: string) =>
  world.shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: world.admin.headers,
  });

async function leasedKit(quantity: number) {
  const orderId = await world.buy(KIT, quantity);
  const job = (await world.lease()).jobs.find((leased) => leased.itemName === KIT.name);
  if (!job) throw new Error('nothing leased');
  return { orderId, job };
}

describe('a kit on a plugin server', () => {
  it('goes to the plugin as one job of all its lines, sized in items, stack limits from the server', async () => {
    const { job } = await leasedKit(2);
    expect(job).toMatchObject({
      kind: 'kit',
      shortname: null,
      amount: 7004,
      given: 0,
      commands: [],
      items: [
        { shortname: 'wood', amount: 6000 },
        { shortname: 'stones', amount: 1000 },
        { shortname: 'custom.crate', itemName: 'Custom Crate', amount: 4 },
      ],
    });
    const [row] = await world.shop.app.delivery.repository.listForOrders([
      (await world.shop.app.delivery.repository.findById(job.id))!.orderId!,
    ]);
    const payload = row!.payload;
    expect(payload.kind === 'kit' && payload.items.map((line) => line.stackLimit)).toEqual([
      2000, 1000, 5,
    ]);
    // All given and saved: delivered, and nothing left to refund.
    await world.report('/jobs/given', { jobs: [{ id: job.id, given: 7004 }] });
    await world.report('/jobs/saved', { jobs: [{ id: job.id, saved: 7004 }] });
    expect(await world.job(job.id)).toMatchObject({ status: 'delivered', progress: 7004 });
  });

  it('is refunded in full when it failed before anything was given', async () => {
    const { orderId, job } = await leasedKit(1);
    await world.report('/jobs/fail', { jobs: [{ id: job.id, reason: 'Предмета нет на сервере' }] });
    const before = await kopecks();
    const reply = await refund(orderId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await kopecks()) - before).toBe(30_000);
    expect(await world.order(orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('is not refunded once part of it was given, saved or not', async () => {
    const { orderId, job } = await leasedKit(1);
    await world.report('/jobs/given', { jobs: [{ id: job.id, given: 3000, note: 'нет места' }] });
    const before = await kopecks();
    expect((await refund(orderId)).statusCode).toBe(409);
    await world.report('/jobs/saved', { jobs: [{ id: job.id, saved: 3000 }] });
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(await kopecks()).toBe(before);
    // The rest is still the player's to take.
    expect(await world.job(job.id)).toMatchObject({ status: 'pending', given: 3000, saved: 3000 });
  });
});
