import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';

let world: GameShop;
let productId: number;

beforeAll(async () => {
  world = await startGameShop();
  productId = await addProduct(world.shop, world.admin.headers, { price: 10 });
});
afterAll(async () => world?.close());

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await world.shop.app.db.execute(query)) as { rows: Array<{ n: string }> };
  return Number(result.rows[0]?.n);
}

async function buyer(roubles = 100) {
  const account = await createAccount(world.shop.app, world.shop.config);
  await fund(world.shop, account.id, roubles);
  const orders = () => scalar(sql`select count(*) as n from orders where user_id = ${account.id}`);
  const balance = () =>
    scalar(sql`select balance_kopecks as n from users where id = ${account.id}`);
  const buy = (key: string | undefined, quantity = 1) =>
    world.shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { ...account.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { productId, serverId: world.serverId, quantity },
    });
  return { account, orders, balance, buy };
}

describe('Idempotency-Key on money calls', () => {
  it('replays the stored reply for a repeated key, says so, and charges once', async () => {
    const b = await buyer();
    const first = await b.buy('purchase-key-0001');
    const second = await b.buy('purchase-key-0001');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await b.orders()).toBe(1);
    expect(await b.balance()).toBe(9000);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const b = await buyer();
    expect((await b.buy('purchase-key-0002', 1)).statusCode).toBe(200);
    const other = await b.buy('purchase-key-0002', 2);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'Этот ключ Idempotency-Key уже использован для другого запроса',
    );
    expect(await b.orders()).toBe(1);
    expect(await b.balance()).toBe(9000);
  });

  it('keys belong to one account: another player with the same key buys for themself', async () => {
    const a = await buyer();
    const b = await buyer();
    expect((await a.buy('shared-key-0003')).statusCode).toBe(200);
    const theirs = await b.buy('shared-key-0003');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await a.orders()).toBe(1);
    expect(await b.orders()).toBe(1);
  });

  it('ten copies sent at once do the work once and all get its reply', async () => {
    const b = await buyer();
    const replies = await Promise.all(Array.from({ length: 10 }, () => b.buy('race-key-00004')));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.json().orderId)).size).toBe(1);
    expect(await b.orders()).toBe(1);
    expect(await b.balance()).toBe(9000);
  });

  it('leaves the key unused when the work is refused, so the retry after a top-up can succeed', async () => {
    const b = await buyer(5);
    const refused = await b.buy('short-funds-0005');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Недостаточно средств');
    await fund(world.shop, b.account.id, 100);
    const retried = await b.buy('short-funds-0005');
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await b.orders()).toBe(1);
  });

  it('refuses a malformed key with 400 before anything happens', async () => {
    const b = await buyer();
    for (const key of ['short', 'x'.repeat(101), 'has space here', 'ключ-ключ-ключ']) {
      const reply = await b.buy(key);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('Неверный заголовок Idempotency-Key');
    }
    expect(await b.orders()).toBe(0);
  });

  it('forgets keys after 24 hours', async () => {
    const b = await buyer();
    await b.buy('old-key-000006');
    await b.buy('new-key-000007');
    await world.shop.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours'
          where user_id = ${b.account.id} and key = 'old-key-000006'`,
    );
    expect(await world.shop.app.idempotency.prune()).toBe(1);
    const left = await scalar(
      sql`select count(*) as n from idempotency_keys where user_id = ${b.account.id}`,
    );
    expect(left).toBe(1);
  });

  it('documents the header on every money call in the OpenAPI document', async () => {
    const doc = (await world.shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const headerOf = (path: string) =>
      (doc.paths[path].post.parameters as Array<{ in: string; name: string }>).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
    for (const path of [
      '/api/purchase',
      '/api/cart/purchase',
      '/api/payments/create',
      '/api/promocodes/activate',
      '/api/admin/orders/{id}/refund',
    ]) {
      expect(headerOf(path), path).toBe(true);
    }
  });
});
