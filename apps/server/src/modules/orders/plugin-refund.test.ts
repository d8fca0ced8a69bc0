import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPluginShop, type PluginShop } from '../../test-support/plugin-shop';

let world: PluginShop;
beforeAll(async () => {
  world = await startPluginShop('76561198000000303');
});
afterAll(() => world?.close());

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
const report = (path: string, body: unknown) => world.report(path, body);

/** Buys `stacks` stacks of wood at `price` ₽ a stack of `stackSize` and leases the job. */
async function leasedWood(price: number, stackSize: number, stacks: number) {
  const orderId = await world.buy(
    { name: 'Дерево', gameItemName: 'wood', price, quantity: stackSize },
    stackSize * stacks,
  );
  const [job] = (await world.lease()).jobs;
  if (!job) throw new Error('nothing leased');
  return { orderId, jobId: job.id };
}

describe('refunds of plugin deliveries', () => {
  it('pays back exactly the items a plugin give job did not give, rounded down', async () => {
    // 3 stacks of 1000 at 10.01 ₽ a stack; 1234 items given: 1766 not given → 1766 × 1001 / 1000 kopecks.
    const { orderId, jobId } = await leasedWood(10.01, 1000, 3);
    const before = await kopecks();
    await report('/jobs/given', { jobs: [{ id: jobId, given: 1234, note: 'нет места' }] });
    // Not before the world keeps those 1234: a crash now would have the plugin give them again.
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(await kopecks()).toBe(before);
    await report('/jobs/saved', { jobs: [{ id: jobId, saved: 1234 }] });
    const reply = await refund(orderId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await kopecks()) - before).toBe(Math.floor((1001 * 1766) / 1000));
    // Something was given: the order is completed, not cancelled, and a second refund finds nothing.
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(await world.order(orderId)).toMatchObject({ status: 'completed', isDelivered: true });
  });

  it('never cancels a job being given or given and waiting for the world save', async () => {
    const sending = await leasedWood(5, 100, 2);
    expect((await refund(sending.orderId)).statusCode).toBe(409);

    await report('/jobs/given', { jobs: [{ id: sending.jobId, given: 200 }] });
    const before = await kopecks();
    expect((await refund(sending.orderId)).statusCode).toBe(409);
    expect(await kopecks()).toBe(before);

    // Saved at last: delivered, and still nothing to refund.
    await report('/jobs/saved', { jobs: [{ id: sending.jobId, saved: 200 }] });
    expect((await refund(sending.orderId)).statusCode).toBe(409);
  });

  it('pays back a failed plugin job in full when nothing of it was given', async () => {
    const { orderId, jobId } = await leasedWood(7, 10, 2);
    await report('/jobs/fail', { jobs: [{ id: jobId, reason: 'Предмета нет на сервере' }] });
    const before = await kopecks();
    expect((await refund(orderId)).statusCode).toBe(200);
    expect((await kopecks()) - before).toBe(1400);
  });
});
