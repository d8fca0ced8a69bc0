import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import {
  createPluginSigner,
  openEnvelope,
  pluginKeyOf,
  type PluginSigner,
} from '../../test-support/plugin-signer';
import { createSecondInstance, createTestApp, type TestApp } from '../../test-support/test-app';

let shop: TestApp;
let second: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;
let plugin: PluginSigner;

const ITEMS = {
  items: [
    {
      itemid: -151838493,
      shortname: 'wood',
      displayName: 'Wood',
      category: 'Resources',
      stackable: 1000,
    },
    { itemid: 1, shortname: '2module car', displayName: 'Car', category: 'Items', stackable: 1 },
  ],
};

beforeAll(async () => {
  shop = await createTestApp();
  second = await createSecondInstance(shop);
  admin = await createAccount(shop.app, shop.config, 'admin');
  serverId = await addServer(shop, admin.headers, { name: 'Signed', isPluginEnabled: 1 });
  plugin = createPluginSigner(shop.app, await pluginKeyOf(shop.app, admin.headers, serverId));
});
afterAll(async () => {
  await second?.close();
  await shop?.close();
});

const status = async () =>
  (
    await shop.app.inject({ url: `/api/admin/servers/${serverId}/plugin`, headers: admin.headers })
  ).json<{ version: string | null; lastSeenAt: string | null; items: number }>();

/** A refusal before verification: a plain, unsigned 401 that names the check. */
function expectRefused(reply: { status: number; signed: boolean; text: string }, check: RegExp) {
  expect(reply.status, reply.text).toBe(401);
  expect(reply.signed).toBe(false);
  const body = JSON.parse(reply.text) as { error: string; message: string };
  expect(body.error).toBe('unauthorized');
  expect(body.message).toMatch(check);
}

describe('signed plugin requests', () => {
  it('accepts a signed request and signs its reply, which no tampering survives', async () => {
    const reply = await plugin.send('/items', ITEMS);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.signed).toBe(true);
    expect(reply.body).toEqual({ imported: 2, total: 2 });

    const envelope = JSON.parse(reply.text) as { body: string; signature: string };
    const key = plugin.key;
    const forged = (change: Partial<typeof envelope>) => JSON.stringify({ ...envelope, ...change });
    expect(openEnvelope(key, reply.nonce, 200, reply.text)).toBe(envelope.body);
    expect(
      openEnvelope(key, reply.nonce, 200, forged({ body: '{"imported":9,"total":9}' })),
    ).toBeNull();
    expect(openEnvelope(key, reply.nonce, 201, reply.text)).toBeNull();
    expect(openEnvelope(key, 'f'.repeat(32), 200, reply.text)).toBeNull();
    expect(openEnvelope('another-key', reply.nonce, 200, reply.text)).toBeNull();

    const seen = await status();
    expect(seen).toMatchObject({ version: '2.0.0', items: 2 });
    expect(Date.parse(seen.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a wrong signature, a stale or future time, an unknown key and missing headers, changing nothing', async () => {
    const changed = {
      items: [
        {
          itemid: 7,
          shortname: 'stones',
          displayName: 'Stones',
          category: 'Resources',
          stackable: 1000,
        },
      ],
    };
    const now = Math.floor(Date.now() / 1000);
    expectRefused(
      await plugin.send('/items', changed, { signature: 'ab'.repeat(32) }),
      /X-Signature/,
    );
    // A request signed with the right key but timed by a wrong clock is refused with a signed
    // reply that carries the shop's time, so the plugin can correct its clock from it.
    for (const timestamp of [now - 301, now + 301]) {
      const stale = await plugin.send('/items', changed, { timestamp });
      expect(stale.status, stale.text).toBe(401);
      expect(stale.signed).toBe(true);
      expect(stale.body).toMatchObject({ error: 'clock_skew', message: /X-Timestamp/ });
      expect(Math.abs((stale.serverTime ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    }
    expectRefused(await plugin.send('/items', changed, { keyId: '0123456789abcdef' }), /X-Key-Id/);
    expectRefused(await plugin.send('/items', changed, { omit: ['x-nonce'] }), /not signed/);
    expectRefused(await plugin.send('/items', changed, { nonce: 'not-hex' }), /not signed/);
    // Signed with another key for this server's id: the key, not the id, is what proves the server.
    const impostor = createPluginSigner(shop.app, 'a-key-the-shop-never-issued-000000');
    expectRefused(await impostor.send('/items', changed, { keyId: plugin.keyId }), /X-Signature/);
    // The body is part of the signature: the same headers over another body fail.
    const headers = plugin.headers('/items', JSON.stringify(ITEMS));
    const swapped = await shop.app.inject({
      method: 'POST',
      url: '/api/plugin/v2/items',
      headers,
      payload: JSON.stringify(changed),
    });
    expect(swapped.statusCode).toBe(401);
    expect((await status()).items).toBe(2);
  });

  it('refuses a replayed nonce, on any shop instance, but not one a refused request carried', async () => {
    const nonce = 'c0ffee'.padEnd(32, '0');
    // A forged request with this nonce does not use it up.
    expectRefused(
      await plugin.send('/items', ITEMS, { nonce, signature: '00'.repeat(32) }),
      /X-Signature/,
    );
    expect((await plugin.send('/items', ITEMS, { nonce })).status).toBe(200);
    expectRefused(await plugin.send('/items', ITEMS, { nonce }), /X-Nonce/);

    const body = JSON.stringify(ITEMS);
    const headers = plugin.headers('/items', body);
    const first = await shop.app.inject({
      method: 'POST',
      url: '/api/plugin/v2/items',
      headers,
      payload: body,
    });
    const replayed = await second.inject({
      method: 'POST',
      url: '/api/plugin/v2/items',
      headers,
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toMatch(/X-Nonce/);
  });

  it('answers a verified request that breaks the schema with a signed 400, never a 500', async () => {
    const bad = async (rawBody: string, path = '/items') => {
      const reply = await plugin.send<{ error: string; message: string }>(path, undefined, {
        rawBody,
      });
      expect(reply.status, rawBody.slice(0, 80)).toBe(400);
      expect(reply.signed).toBe(true);
      expect(reply.body?.error).toBe('bad_request');
      return reply.body!.message;
    };
    const item = ITEMS.items[0]!;
    const list = (items: unknown[]) => JSON.stringify({ items });
    await bad('{"items": [');
    await bad('');
    await bad('null');
    await bad(list([{ ...item, displayName: 'Wo\u0000od' }]));
    await bad(list([{ ...item, category: 'Res\u0007' }]));
    await bad(list([{ ...item, itemid: 'x' }]));
    await bad(list([{ ...item, stackable: 1.5 }]));
    await bad(list([]));
    await bad(list(Array.from({ length: 10_001 }, (_, i) => ({ ...item, shortname: `item${i}` }))));
    expect(await bad(list([{ ...item, shortname: 'wood"; quit' }]))).toMatch(/Shortname/);
    expect(await bad(list([{ ...item, shortname: ' wood' }]))).toMatch(/Shortname/);
    expect(await bad(list([item, item]))).toMatch(/повторяется/);
    await bad('{"__proto__": {"polluted": true}, "items": []}');
    await bad(JSON.stringify({ steamId: '123', manual: true }), '/jobs/lease');
    await bad(JSON.stringify({ steamId: '76561198000000001', manual: 'yes' }), '/jobs/lease');
    await bad(JSON.stringify({ jobs: [{ id: 'not-a-uuid', given: 1 }] }), '/jobs/given');
    await bad(JSON.stringify({ jobs: [{ id: crypto.randomUUID(), given: -1 }] }), '/jobs/given');
    await bad(JSON.stringify({ online: ['7656119800000000\u0000'] }), '/wait');
    await bad(
      JSON.stringify({ ids: [crypto.randomUUID()], reason: 'x', retrySeconds: 3601 }),
      '/jobs/release',
    );
    expect((await status()).items).toBe(2);
  });

  it('refuses other content types and unsigned bodies without a 5xx', async () => {
    const form = await shop.app.inject({
      method: 'POST',
      url: '/api/plugin/v2/items',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'items=1',
    });
    expect(form.statusCode).toBe(415);
    const unsigned = await shop.app.inject({
      method: 'POST',
      url: '/api/plugin/v2/wait',
      payload: { online: [] },
    });
    expect(unsigned.statusCode).toBe(401);
    const empty = await shop.app.inject({ method: 'POST', url: '/api/plugin/v2/wait' });
    // No body and no signature: held to the signature of an empty body, and refused for it.
    expect(empty.statusCode, empty.body).toBe(401);
    expect(empty.json().message).toMatch(/not signed/);
    // Signed with no body at all: past the signature, the schema's 400 comes signed like any reply.
    const headers = plugin.headers('/wait', '', { omit: ['content-type'] });
    const bare = await shop.app.inject({ method: 'POST', url: '/api/plugin/v2/wait', headers });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(openEnvelope(plugin.key, headers['x-nonce']!, 400, bare.body)).not.toBeNull();
  });

  it('records a new plugin version at once', async () => {
    expect((await plugin.send('/items', ITEMS, { version: '2.0.1' })).status).toBe(200);
    expect((await status()).version).toBe('2.0.1');
  });
});

describe('plugin protocol v1', () => {
  it('answers every v1 request 426 with what to do, whatever its body', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/plugin/v1/queue?steamId=76561198000000002' },
      { method: 'POST' as const, url: '/api/plugin/v1/queue/ack', payload: '{"ids": [' },
      { method: 'POST' as const, url: '/api/plugin/v1/items', payload: { items: [] } },
    ]) {
      const reply = await shop.app.inject({
        ...request,
        headers: { 'x-server-key': 'x'.repeat(32), 'content-type': 'application/json' },
      });
      expect(reply.statusCode, request.url).toBe(426);
      expect(reply.json()).toEqual({
        error: 'PLUGIN_OUTDATED',
        message: expect.stringMatching(/RustShopStore 2.*\/api\/plugin\/v2/),
      });
    }
  });
});
