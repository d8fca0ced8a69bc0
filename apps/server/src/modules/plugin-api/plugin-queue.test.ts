import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test-support/sql';
import { startPluginShop, type PluginShop } from '../../test-support/plugin-shop';

const STEAM_ID = '76561198000000077';
let world: PluginShop;
/** Every job the delivery module announced as delivered, as often as it announced it. */
const announced: string[] = [];

beforeAll(async () => {
  world = await startPluginShop(STEAM_ID);
  world.shop.app.delivery.onJobsDone(
    async (jobs) => void announced.push(...jobs.map((job) => job.id)),
  );
});
afterAll(() => world?.close());

const lease = (manual = true, signer = world.plugin) => world.lease(manual, signer);
const report = <T = unknown>(path: string, body: unknown, signer = world.plugin) =>
  world.report<T>(path, body, signer);
const buy = (product: Record<string, unknown>, quantity = 1) => world.buy(product, quantity);
const jobRow = (id: string) => world.job(id);
const orderOf = (orderId: string) => world.order(orderId);

/** Buys and leases one give job, returning it with its order. */
async function leasedGive(shortname: string, stackSize: number, quantity: number) {
  const orderId = await buy(
    { name: shortname, gameItemName: shortname, quantity: stackSize },
    quantity,
  );
  const { jobs } = await lease();
  expect(jobs).toHaveLength(1);
  return { orderId, job: jobs[0]! };
}

describe('plugin delivery queue (protocol v2)', () => {
  it('keeps plugin jobs from the RCON worker and leases them with their amount in items', async () => {
    const orderId = await buy({ name: 'Сера', gameItemName: 'sulfur', quantity: 1000 }, 3000);
    await world.shop.app.delivery.worker.kick();
    expect(world.game.commands.some((record) => record.name === 'inventory.giveto')).toBe(false);

    const first = await lease();
    expect(first).toEqual({
      jobs: [
        {
          id: expect.any(String),
          kind: 'give',
          itemName: 'Сера',
          shortname: 'sulfur',
          amount: 3000,
          given: 0,
          commands: [],
          items: [],
          giftFrom: null,
        },
      ],
      leaseSeconds: 2,
      inProgress: 0,
      vipGroups: [],
    });
    // Leased: not offered again, and counted as in progress so the plugin never says "nothing waits".
    expect(await lease()).toMatchObject({ jobs: [], inProgress: 1 });
    const id = first.jobs[0]!.id;

    // All given: waits for the world save; neither leased nor counted, and the order is not settled.
    expect(await report('/jobs/given', { jobs: [{ id, given: 3000 }] })).toEqual({ updated: 1 });
    expect(await report('/jobs/given', { jobs: [{ id, given: 3000 }] })).toEqual({ updated: 0 });
    expect(await lease()).toMatchObject({ jobs: [], inProgress: 0 });
    expect(await jobRow(id)).toMatchObject({ status: 'given', given: 3000, saved: 0 });
    expect((await orderOf(orderId))?.delivery).toEqual({
      status: 'sending',
      reason: 'Выдано в игре, ждёт сохранения мира',
      method: 'plugin',
    });

    // A save of part of it raises saved (progress in stacks); the rest settles the order once,
    // however many reports arrive at once.
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 1500 }] })).toEqual({
      updated: 1,
      closed: [],
    });
    expect(await jobRow(id)).toMatchObject({ status: 'given', saved: 1500, progress: 1 });
    const raced = await Promise.all(
      Array.from({ length: 4 }, () =>
        report<{ updated: number }>('/jobs/saved', { jobs: [{ id, saved: 3000 }] }),
      ),
    );
    expect(raced.reduce((sum, body) => sum + body.updated, 0)).toBe(1);
    // Delivered: the shop has nothing more to do with it, and says so.
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 3000 }] })).toEqual({
      updated: 0,
      closed: [id],
    });
    expect(await jobRow(id)).toMatchObject({ status: 'delivered', saved: 3000, progress: 3 });
    expect(announced.filter((done) => done === id)).toHaveLength(1);
    expect(await orderOf(orderId)).toMatchObject({ status: 'completed', isDelivered: true });
  });

  it('takes back a part given: pending with the note, leased again with what was given', async () => {
    const { job } = await leasedGive('wood', 1000, 5000);
    const note = 'Выдано 1 200 из 5 000: остальное ждёт места';
    expect(await report('/jobs/given', { jobs: [{ id: job.id, given: 1200, note }] })).toEqual({
      updated: 1,
    });
    expect(await jobRow(job.id)).toMatchObject({ status: 'pending', given: 1200 });
    // Only raises: an older, smaller report changes nothing.
    expect(await report('/jobs/given', { jobs: [{ id: job.id, given: 900 }] })).toEqual({
      updated: 0,
    });
    const [again] = (await lease()).jobs;
    expect(again).toMatchObject({ id: job.id, amount: 5000, given: 1200 });
    // Beyond the amount is clamped to it.
    await report('/jobs/given', { jobs: [{ id: job.id, given: 999_999 }] });
    expect(await jobRow(job.id)).toMatchObject({ status: 'given', given: 5000 });
    await report('/jobs/saved', { jobs: [{ id: job.id, saved: 5000 }] });
  });

  it('offers again what a crash before the world save took: given falls back to saved', async () => {
    const { job } = await leasedGive('stones', 1000, 3000);
    await report('/jobs/given', { jobs: [{ id: job.id, given: 3000 }] });
    await report('/jobs/saved', { jobs: [{ id: job.id, saved: 1000 }] });
    expect(await report('/jobs/rolled-back', { jobs: [{ id: job.id, saved: 1000 }] })).toEqual({
      updated: 1,
    });
    expect(await report('/jobs/rolled-back', { jobs: [{ id: job.id, saved: 1000 }] })).toEqual({
      updated: 0,
    });
    // A lower count (a journal restored from its older copy) never takes back what a save kept.
    expect(await report('/jobs/rolled-back', { jobs: [{ id: job.id, saved: 0 }] })).toEqual({
      updated: 0,
    });
    expect(await jobRow(job.id)).toMatchObject({
      status: 'pending',
      given: 1000,
      saved: 1000,
      progress: 1,
    });
    const [again] = (await lease(false)).jobs;
    expect(again).toMatchObject({ id: job.id, given: 1000 });
    await report('/jobs/given', { jobs: [{ id: job.id, given: 3000 }] });
    await report('/jobs/saved', { jobs: [{ id: job.id, saved: 3000 }] });
    expect(await jobRow(job.id)).toMatchObject({ status: 'delivered' });
  });

  it('keeps a released job from automatic rounds until its retry time, but not from /store', async () => {
    const { job } = await leasedGive('metal.fragments', 1000, 1000);
    const released = await report('/jobs/release', {
      ids: [job.id],
      reason: 'Нужно 1 свободный слот',
      retrySeconds: 600,
    });
    expect(released).toEqual({ released: 1 });
    expect(await report('/jobs/release', { ids: [job.id], reason: 'x', retrySeconds: 0 })).toEqual({
      released: 0,
    });
    expect((await lease(false)).jobs).toEqual([]);
    const waited = await report<{ steamIds: string[] }>('/wait', { online: [STEAM_ID] });
    expect(waited.steamIds).toEqual([]);
    expect((await lease(true)).jobs.map((leased) => leased.id)).toEqual([job.id]);
    await report('/jobs/given', { jobs: [{ id: job.id, given: 1000 }] });
    await report('/jobs/saved', { jobs: [{ id: job.id, saved: 1000 }] });
  });

  it('hands out a commands job by commands, all of them, and settles it on the save', async () => {
    const orderId = await buy({
      name: 'VIP',
      gameItemName: 'vip',
      commands: 'oxide.usergroup add {playerId} vip, say {playerId}',
    });
    const [job] = (await lease()).jobs;
    expect(job).toMatchObject({
      kind: 'commands',
      shortname: null,
      amount: 2,
      given: 0,
      commands: [`oxide.usergroup add ${STEAM_ID} vip`, `say ${STEAM_ID}`],
    });
    await report('/jobs/given', { jobs: [{ id: job!.id, given: 2 }] });
    await report('/jobs/saved', { jobs: [{ id: job!.id, saved: 2 }] });
    expect(await jobRow(job!.id)).toMatchObject({ status: 'delivered', progress: 2 });
    expect(await orderOf(orderId)).toMatchObject({ isDelivered: true });
  });

  it('fails a job the server cannot give: the admin sees it and sends it again', async () => {
    const { job, orderId } = await leasedGive('no.such.item', 1, 2);
    const reason = 'Предмета «no.such.item» нет на этом сервере';
    expect(await report('/jobs/fail', { jobs: [{ id: job.id, reason }] })).toEqual({ failed: 1 });
    expect(await report('/jobs/fail', { jobs: [{ id: job.id, reason }] })).toEqual({ failed: 0 });
    const view = await world.shop.app.inject({
      url: `/api/admin/servers/${world.serverId}/plugin`,
      headers: world.admin.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().version).toBe('2.0.0');
    expect(view.json().failed[0]).toEqual({
      jobId: job.id,
      orderId,
      itemName: 'no.such.item',
      steamId: STEAM_ID,
      reason,
      at: expect.any(String),
    });
    const retried = await world.shop.app.inject({
      method: 'POST',
      url: `/api/admin/deliveries/${job.id}/retry`,
      headers: world.admin.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await lease()).jobs.map((leased) => leased.id)).toEqual([job.id]);
    // A long game error is cut to 200 characters, not refused: the plugin would retry it forever.
    const long = `Команда не выполнена: ${'x'.repeat(300)}`;
    await report('/jobs/fail', { jobs: [{ id: job.id, reason: long }] });
    const shown = (await world.order(orderId))?.delivery.reason ?? '';
    expect([...shown]).toHaveLength(200);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('counts a save only of what this server leased and gave', async () => {
    // Bought, never leased: not in any world, whatever a (leaked) key reports of it.
    const orderId = await buy({ name: 'Ткань', gameItemName: 'cloth', quantity: 100 }, 100);
    const [pending] = await queryRows<{ id: string }>(
      world.shop.app.db,
      sql`select id from delivery_jobs where order_id = ${orderId}`,
    );
    const id = pending!.id;
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 100 }] })).toEqual({
      updated: 0,
      closed: [],
    });
    expect(await jobRow(id)).toMatchObject({ status: 'pending', given: 0, saved: 0 });
    expect((await orderOf(orderId))?.isDelivered).toBe(false);
    // Leased and released with nothing given: still nothing to save.
    const [leased] = (await lease()).jobs;
    expect(leased?.id).toBe(id);
    await report('/jobs/release', { ids: [id], reason: 'Нет места', retrySeconds: 0 });
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 100 }] })).toMatchObject({
      updated: 0,
    });
    // Given in part, then waiting: a save counts up to what was given.
    await lease();
    await report('/jobs/given', { jobs: [{ id, given: 40, note: 'Нет места' }] });
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 100 }] })).toMatchObject({
      updated: 0,
    });
    expect(await report('/jobs/saved', { jobs: [{ id, saved: 40 }] })).toMatchObject({
      updated: 1,
    });
    expect(await jobRow(id)).toMatchObject({ status: 'pending', given: 40, saved: 40 });
    await lease();
    await report('/jobs/given', { jobs: [{ id, given: 100 }] });
    await report('/jobs/saved', { jobs: [{ id, saved: 100 }] });
    expect((await orderOf(orderId))?.isDelivered).toBe(true);
  });

  it('changes nothing for a report whose signature is wrong', async () => {
    const { job } = await leasedGive('charcoal', 100, 100);
    const forged = await world.plugin.send(
      '/jobs/given',
      { jobs: [{ id: job.id, given: 100 }] },
      { signature: '1'.repeat(64) },
    );
    expect(forged.status).toBe(401);
    expect(await jobRow(job.id)).toMatchObject({ status: 'sending', given: 0 });
    await report('/jobs/given', { jobs: [{ id: job.id, given: 100 }] });
    expect(await jobRow(job.id)).toMatchObject({ status: 'given', given: 100 });
  });
});
