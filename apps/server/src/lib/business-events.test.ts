import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions } from '../logging';
import { addProduct, fund, startGameShop, type GameShop } from '../test-support/shop-fixtures';
import { createAccount } from '../test-support/sign-in';
import { waitUntil } from '../test-support/wait-until';

/** The log an owner reads at the default level: one line per business event, no request lines. */
let live: GameShop;
const lines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const destination = new PassThrough();
  let rest = '';
  destination.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  live = await startGameShop({
    app: { logger: loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), destination) },
  });
});
afterAll(async () => live?.close());

describe('the log at info', () => {
  it('has a line for the purchase and its delivery, each with its order, and no request lines', async () => {
    const { shop, serverId } = live;
    const productId = await addProduct(shop, live.admin.headers, { name: 'Дерево', price: 5 });
    const buyer = await createAccount(shop.app, shop.config);
    await fund(shop, buyer.id, 100);
    live.game.addPlayer({ steamId: buyer.steamId, name: 'Buyer' });
    for (let call = 0; call < 5; call += 1) {
      await shop.app.inject({ method: 'GET', url: '/api/site' });
    }
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: { productId, serverId, quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    const { orderId } = bought.json<{ orderId: string }>();
    await shop.app.delivery.worker.kick();
    await waitUntil(() => lines.some((line) => line.event === 'delivery_given'), {
      what: 'the delivery line',
    });

    expect(lines.find((line) => line.event === 'purchase')).toMatchObject({
      level: 30,
      orderId,
      userId: buyer.id,
      amountKopecks: 500,
      msg: 'purchase',
    });
    expect(lines.find((line) => line.event === 'delivery_given')).toMatchObject({
      orderId,
      serverId,
      userId: buyer.id,
    });
    // The admin's setup (a product) is an admin action with its journal entry.
    expect(lines.some((line) => line.event === 'admin_action')).toBe(true);
    // Requests are at debug: none of the page loads, the purchase or the sign-ins is a line.
    expect(lines.filter((line) => line.msg === 'request' || 'req' in line)).toEqual([]);
    // Times a person can read.
    expect(String(lines[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
  });
});
