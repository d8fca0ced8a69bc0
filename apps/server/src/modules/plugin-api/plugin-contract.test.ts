import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import {
  createPluginSigner,
  openEnvelope,
  pluginKeyOf,
  type PluginSigner,
} from '../../test-support/plugin-signer';
import { createAccount } from '../../test-support/sign-in';
import {
  canonicalRequest,
  pluginKeyId,
  replySignature,
  requestSignature,
} from './plugin-signature';

/**
 * The game-server plugin (plugins/oxide/RustShopStore.cs) cannot run here, so its contract lives in
 * JSON examples that its C# DTOs follow field for field (plugins/oxide/contract, one per body of
 * PROTOCOL.md). These tests hold the real shop to the same files: what the plugin sends is accepted,
 * and what the shop answers has exactly the keys and value types the plugin expects.
 */
const contractDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../plugins/oxide/contract',
);
const example = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(contractDir, `${name}.example.json`), 'utf8'));

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

interface Job {
  id: string;
  kind: string;
}
interface Vector {
  key: string;
  request: {
    method: string;
    path: string;
    body: string;
    bodySha256: string;
    headers: Record<string, string>;
    canonical: string;
  };
  reply: { status: number; signed: string; envelope: { body: string; signature: string } };
}

/** The example jobs of lease-reply, whose ids the request examples name. */
const exampleJobs = (example('lease-reply') as { jobs: Job[] }).jobs;
const STEAM_ID = (example('lease-request') as { steamId: string }).steamId;

let world: GameShop;
let plugin: PluginSigner;
/** The example's job ids → the ids of the real jobs bought in the same order. */
const realIds = new Map<string, string>();

beforeAll(async () => {
  world = await startGameShop({ server: { name: 'Plugin', isPluginEnabled: 1 } });
  const { shop, admin, serverId } = world;
  plugin = createPluginSigner(shop.app, await pluginKeyOf(shop.app, admin.headers, serverId));
  const player = await createAccount(shop.app, shop.config, 'player', STEAM_ID);
  await fund(shop, player.id, 10_000);
  // The example's three jobs, bought in its order: a big give, a small give, two commands.
  for (const fields of [
    { name: 'Дерево', gameItemName: 'wood', quantity: 50_000 },
    { name: 'АК-47', gameItemName: 'rifle.ak' },
    {
      name: 'VIP Gold на 30 дней',
      gameItemName: 'vip',
      commands: 'oxide.usergroup add {playerId} vip_gold, say {playerId} получил VIP Gold',
      vipTier: 'Gold',
      vipDays: 30,
    },
  ]) {
    const productId = await addProduct(shop, admin.headers, fields);
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId, serverId, quantity: fields.quantity ?? 1 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
  }
});
afterAll(() => world?.close());

/** A request example with the example's job ids replaced by the real ones. */
function requestExample(name: string): unknown {
  let text = JSON.stringify(example(`${name}-request`));
  for (const [exampleId, realId] of realIds) text = text.replaceAll(exampleId, realId);
  return JSON.parse(text);
}

/** Sends a route's request example (`lease` is POST /jobs/lease) and holds the verified reply to the route's reply example. */
async function exchange(route: string, check: 'exact' | 'shape' | 'jobs' = 'exact') {
  const reply = await plugin.send(
    ['items', 'wait'].includes(route) ? `/${route}` : `/jobs/${route}`,
    requestExample(route),
  );
  expect(reply.status, reply.text).toBe(200);
  expect(reply.signed).toBe(true);
  expect(shapeOf(JSON.parse(reply.text))).toEqual(shapeOf(example('signed-reply')));
  // Every signed body carries the shop's clock: checked here, then left out of the comparison.
  // Job ids in a reply (a saved report's `closed`) read as the example's.
  let bodyText = JSON.stringify(reply.body);
  for (const [exampleId, realId] of realIds) bodyText = bodyText.replaceAll(realId, exampleId);
  const body = JSON.parse(bodyText) as Record<string, unknown>;
  expect(Math.abs(Number(reply.serverTime) - Date.now() / 1000)).toBeLessThan(5);
  const { serverTime: exampleTime, ...expected } = example(`${route}-reply`) as Record<
    string,
    unknown
  >;
  expect(typeof exampleTime).toBe('number');
  // A lease's jobs are checked one by one (the example also shows a gift's); the rest as a whole.
  const { jobs: _jobs, ...rest } = body;
  const { jobs: _exampleJobs, ...expectedRest } = expected;
  if (check === 'jobs') expect(shapeOf(rest)).toEqual(shapeOf(expectedRest));
  else expect(shapeOf(body)).toEqual(shapeOf(expected));
  if (check === 'exact') expect(body).toEqual(expected);
  return body;
}

describe('game-server plugin contract (plugins/oxide/contract)', () => {
  it('signs as the signature example shows, in the shop and in the test plugin alike', () => {
    const vector = example('signature') as Vector;
    const { request, reply } = vector;
    const signed = {
      method: request.method,
      path: request.path,
      timestamp: request.headers['X-Timestamp']!,
      nonce: request.headers['X-Nonce']!,
      body: request.body,
    };
    expect(pluginKeyId(vector.key)).toBe(request.headers['X-Key-Id']);
    expect(canonicalRequest(signed)).toBe(request.canonical);
    expect(request.canonical.endsWith(request.bodySha256)).toBe(true);
    expect(requestSignature(vector.key, signed)).toBe(request.headers['X-Signature']);
    const tester = createPluginSigner(world.shop.app, vector.key);
    expect(tester.keyId).toBe(request.headers['X-Key-Id']);
    const headers = tester.headers(request.path, request.body, {
      timestamp: Number(signed.timestamp),
      nonce: signed.nonce,
    });
    expect(headers['x-signature']).toBe(request.headers['X-Signature']);

    expect(reply.signed).toBe(`${signed.nonce}\n${reply.status}\n${reply.envelope.body}`);
    expect(replySignature(vector.key, signed.nonce, reply.status, reply.envelope.body)).toBe(
      reply.envelope.signature,
    );
    const envelope = JSON.stringify(reply.envelope);
    expect(openEnvelope(vector.key, signed.nonce, reply.status, envelope)).toBe(
      reply.envelope.body,
    );
    expect(example('signed-reply')).toEqual(reply.envelope);
  });

  it('takes the item list example and answers as its reply shows', async () => {
    await exchange('items');
  });

  it('answers the long poll with the player who has jobs waiting', async () => {
    await exchange('wait', 'shape');
  });

  it('leases jobs with exactly the fields the plugin reads', async () => {
    const body = (await exchange('lease', 'jobs')) as { jobs: Job[] };
    const jobShapes = new Set(exampleJobs.map((job) => JSON.stringify(shapeOf(job))));
    for (const job of body.jobs) expect(jobShapes).toContain(JSON.stringify(shapeOf(job)));
    expect(body.jobs.map((job) => job.kind)).toEqual(exampleJobs.map((job) => job.kind));
    body.jobs.forEach((job, index) => realIds.set(exampleJobs[index]!.id, job.id));
  });

  it('takes every report example: given, saved, rolled back, released, failed', async () => {
    await exchange('given');
    await exchange('saved');
    await exchange('rolled-back');
    // The rolled-back job waits again; leased once more, it can be released.
    expect((await plugin.send('/jobs/lease', { steamId: STEAM_ID, manual: true })).status).toBe(
      200,
    );
    await exchange('release');
    await exchange('fail');
  });

  it('answers a body against the schema with the error example, signed', async () => {
    const reply = await plugin.send('/jobs/lease', { steamId: '123', manual: true });
    expect(reply.status).toBe(400);
    expect(reply.signed).toBe(true);
    const { serverTime: _exampleTime, ...expected } = example('error-reply') as Record<
      string,
      unknown
    >;
    expect(typeof reply.serverTime).toBe('number');
    expect(reply.body).toEqual(expected);
  });

  it('refuses a forged signature and answers protocol v1 as their examples show, unsigned', async () => {
    const refused = await plugin.send('/items', requestExample('items'), {
      signature: '0'.repeat(64),
    });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toEqual(example('refused-reply'));

    const outdated = await world.shop.app.inject({ url: '/api/plugin/v1/queue' });
    expect(outdated.statusCode).toBe(426);
    expect(outdated.json()).toEqual(example('outdated-reply'));
  });
});
