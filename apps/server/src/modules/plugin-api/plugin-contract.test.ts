import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, addServer, fund } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The game-server plugin (plugins/oxide/RustShopStore.cs) cannot run here, so its contract lives in
 * JSON fixtures that its C# DTOs follow field for field. These tests hold the real server to the
 * same files: what the plugin sends is accepted, and what the server answers has exactly the keys
 * and value types the plugin expects.
 */
const contractDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../plugins/oxide/contract',
);
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(contractDir, name), 'utf8'));

type Shape = string | Shape[] | { [key: string]: Shape };

/**
 * A value's structure: key sets and value types, recursively. Integers are told from other numbers
 * (the plugin reads them into C# ints); an array is the set of its distinct element shapes.
 */
function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const distinct = new Map<string, Shape>();
    for (const element of value) {
      const shape = shapeOf(element);
      distinct.set(JSON.stringify(shape), shape);
    }
    return [...distinct.entries()]
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([, shape]) => shape);
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([left], [right]) => left.localeCompare(right))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

interface PluginItem {
  itemid: number;
  shortname: string;
  displayName: string;
  category: string;
}
interface PluginJob {
  id: string;
  kind: string;
}

const STEAM_ID = '76561198000000088';
let game: RustSimHandle;
let shop: TestApp;
let key: string;
let serverId: number;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  game = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Plugin', isPluginEnabled: 1 }, game);
  const servers = (
    await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers })
  ).json<Array<{ id: number; pluginKey: string }>>();
  key = servers.find((server) => server.id === serverId)!.pluginKey;
  player = await createAccount(shop.app, shop.config, 'player', STEAM_ID);
  await fund(shop, player.id, 1000);
});
afterAll(async () => {
  await shop?.close();
  await game?.close();
});

const plugin = (method: 'GET' | 'POST', url: string, payload?: unknown, serverKey = key) =>
  shop.app.inject({
    method,
    url: `/api/plugin/v1${url}`,
    headers: { 'x-server-key': serverKey },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function buy(fields: Record<string, unknown>, quantity = 1): Promise<string> {
  const productId = await addProduct(shop, admin.headers, fields);
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: player.headers,
    payload: { productId, serverId, quantity },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().orderId as string;
}

describe('game-server plugin contract (plugins/oxide/contract)', () => {
  it('accepts the item list the plugin sends on load and makes the items searchable', async () => {
    const request = fixture('items-request.json') as { items: PluginItem[] };
    const reply = await plugin('POST', '/items', request);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(shapeOf(reply.json())).toEqual(shapeOf(fixture('items-response.example.json')));
    expect(reply.json().imported).toBe(request.items.length);

    for (const item of request.items) {
      const found = await shop.app.inject({
        url: `/api/admin/items?search=${encodeURIComponent(item.shortname)}`,
        headers: admin.headers,
      });
      const row = (found.json().items as Array<Record<string, unknown>>).find(
        (candidate) => candidate.id === item.itemid,
      );
      expect(row).toMatchObject({ shortname: item.shortname, nameEn: item.displayName });
      // The fixture's categories are all ones the shop maps: a misnamed key would land in "miscellaneous".
      expect(row?.category).not.toBe('miscellaneous');
    }
  });

  it('answers a wrong key with the error shape the plugin logs', async () => {
    const reply = await plugin('GET', `/queue?steamId=${STEAM_ID}`, undefined, 'x'.repeat(32));
    expect(reply.statusCode).toBe(401);
    expect(shapeOf(reply.json())).toEqual(shapeOf(fixture('error-response.example.json')));
  });

  it('hands out give and command jobs with exactly the fields the plugin reads, and takes the acknowledgement', async () => {
    const giveOrder = await buy({ name: 'Дерево', gameItemName: 'wood', quantity: 1000 }, 3000);
    const commandOrder = await buy({
      name: 'VIP',
      gameItemName: 'vip',
      commands: 'oxide.usergroup add {playerId} vip',
    });

    const reply = await plugin('GET', `/queue?steamId=${STEAM_ID}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const expected = fixture('queue-response.example.json') as { jobs: PluginJob[] };
    const queue = reply.json<{ jobs: PluginJob[] }>();
    expect(shapeOf(queue)).toEqual(shapeOf(expected));
    const kinds = (jobs: PluginJob[]) => [...new Set(jobs.map((job) => job.kind))].sort();
    expect(kinds(queue.jobs)).toEqual(kinds(expected.jobs));
    expect(queue.jobs).toHaveLength(2);

    const ackTemplate = fixture('ack-request.example.json') as { ids: string[] };
    const ack = { ...ackTemplate, ids: queue.jobs.map((job) => job.id) };
    expect(shapeOf(ack)).toEqual(shapeOf(ackTemplate));
    const acked = await plugin('POST', '/queue/ack', ack);
    expect(acked.statusCode, acked.body).toBe(200);
    expect(shapeOf(acked.json())).toEqual(shapeOf(fixture('ack-response.example.json')));
    // The plugin repeats an acknowledgement it is unsure of: the second one changes nothing.
    expect((await plugin('POST', '/queue/ack', ack)).statusCode).toBe(200);

    const orders = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json<
      Array<{ id: string; isDelivered: boolean }>
    >();
    for (const orderId of [giveOrder, commandOrder]) {
      expect(orders.find((order) => order.id === orderId)).toMatchObject({ isDelivered: true });
    }
  });

  it('takes back at once a job the plugin releases for lack of room, with its reason', async () => {
    const orderId = await buy({ name: 'Камень', gameItemName: 'stones', quantity: 1000 }, 2000);
    const [job] = (await plugin('GET', `/queue?steamId=${STEAM_ID}`)).json().jobs as PluginJob[];
    expect(job).toBeDefined();

    const releaseTemplate = fixture('release-request.example.json') as { ids: string[] };
    // A reason other than the shop's default proves the field is read, not defaulted.
    const release = { ...releaseTemplate, ids: [job!.id], reason: 'Нужно 2 свободных слота' };
    expect(shapeOf(release)).toEqual(shapeOf(releaseTemplate));
    const released = await plugin('POST', '/queue/release', release);
    expect(released.statusCode, released.body).toBe(200);
    const orders = (await shop.app.inject({ url: '/api/orders', headers: player.headers })).json<
      Array<{ id: string; delivery: { status: string; reason: string | null } }>
    >();
    expect(orders.find((order) => order.id === orderId)?.delivery).toMatchObject({
      status: 'pending',
      reason: release.reason,
    });

    const again = (await plugin('GET', `/queue?steamId=${STEAM_ID}`)).json().jobs as PluginJob[];
    expect(again.map((candidate) => candidate.id)).toEqual([job!.id]);
    expect((await plugin('POST', '/queue/ack', { ids: [job!.id] })).statusCode).toBe(200);
  });
});
