import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPluginSigner, pluginKeyOf } from '../../test-support/plugin-signer';
import { startPluginShop, type PluginShop } from '../../test-support/plugin-shop';
import { addServer } from '../../test-support/shop-fixtures';

const STEAM_ID = '76561198000000079';
let world: PluginShop;

beforeAll(async () => {
  world = await startPluginShop(STEAM_ID);
});
afterAll(() => world?.close());

const lease = (manual = true, signer = world.plugin) => world.lease(manual, signer);
const report = <T = unknown>(path: string, body: unknown, signer = world.plugin) =>
  world.report<T>(path, body, signer);

describe('one server per key', () => {
  it("lets another server's key neither see nor touch this server's jobs", async () => {
    const { shop, admin, game } = world;
    const otherId = await addServer(
      shop,
      admin.headers,
      { name: 'Other', isPluginEnabled: 1 },
      game,
    );
    const other = createPluginSigner(shop.app, await pluginKeyOf(shop.app, admin.headers, otherId));
    await world.buy({ name: 'Ткань', gameItemName: 'cloth', quantity: 100 }, 100);
    const [job] = (await lease()).jobs;
    if (!job) throw new Error('nothing leased');
    await report('/jobs/release', { ids: [job.id], reason: 'нет места', retrySeconds: 0 });

    expect(await lease(true, other)).toEqual({
      jobs: [],
      leaseSeconds: 2,
      inProgress: 0,
      vipGroups: [],
    });
    expect(await report('/jobs/given', { jobs: [{ id: job.id, given: 100 }] }, other)).toEqual({
      updated: 0,
    });
    // Not the other server's job: nothing changes, and it is closed as far as that server goes.
    expect(await report('/jobs/saved', { jobs: [{ id: job.id, saved: 100 }] }, other)).toEqual({
      updated: 0,
      closed: [job.id],
    });
    expect(await report('/jobs/rolled-back', { jobs: [{ id: job.id, saved: 0 }] }, other)).toEqual({
      updated: 0,
    });
    expect(await report('/jobs/fail', { jobs: [{ id: job.id, reason: 'чужой' }] }, other)).toEqual({
      failed: 0,
    });
    expect(await report('/wait', { online: [STEAM_ID] }, other)).toEqual({
      steamIds: [],
      waitSeconds: 2,
    });
    expect(await world.job(job.id)).toMatchObject({ status: 'pending', given: 0, saved: 0 });
    await lease();
    await report('/jobs/given', { jobs: [{ id: job.id, given: 100 }] });
    await report('/jobs/saved', { jobs: [{ id: job.id, saved: 100 }] });
  });
});

describe('long poll (/wait)', () => {
  it('answers within a second of a purchase for an online player', async () => {
    const waiting = world.plugin.send<{ steamIds: string[] }>('/wait', {
      online: [STEAM_ID, '76561198000000078'],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bought = Date.now();
    await world.buy({ name: 'Ткань', gameItemName: 'cloth', quantity: 10 }, 10);
    const reply = await waiting;
    expect(Date.now() - bought).toBeLessThan(1000);
    expect(reply.body).toEqual({ steamIds: [STEAM_ID], waitSeconds: 2 });
    const [job] = (await lease(false)).jobs;
    await report('/jobs/given', { jobs: [{ id: job!.id, given: 10 }] });
  });

  it('answers an empty list after waitSeconds when nothing is due', async () => {
    const started = Date.now();
    expect(await report('/wait', { online: [STEAM_ID] })).toEqual({ steamIds: [], waitSeconds: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('stops looking at the queue when the plugin hangs up', async () => {
    await world.shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = world.shop.app.server.address() as { port: number };
    const body = JSON.stringify({ online: [STEAM_ID] });
    const hangUp = new AbortController();
    const polled: string[] = [];
    const stop = world.shop.database.observe((text) => {
      if (text.includes('jsonb_array_elements_text')) polled.push(text);
    });
    const request = fetch(`http://127.0.0.1:${port}/api/plugin/v2/wait`, {
      method: 'POST',
      headers: world.plugin.headers('/wait', body),
      body,
      signal: hangUp.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(polled.length).toBeGreaterThan(0);
    hangUp.abort();
    await request;
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = polled.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop();
    expect(polled.length).toBe(after);
  });
});
