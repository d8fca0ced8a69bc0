import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceParts } from '../ledger/ledger';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { startReceiptsWorld, type ReceiptsWorld } from '../../test-support/receipts-shop';
import { createReceiptsWorker } from './receipts-worker';

let world: ReceiptsWorld;
let player: Awaited<ReturnType<typeof createAccount>>;
const EMAIL = 'player@example.com';

beforeAll(async () => {
  world = await startReceiptsWorld();
  // A player the game knows is online, so deliveries are tried (and fail for unknown items).
  player = await createAccount(world.shop.app, world.shop.config, 'player', '76561198000000002');
}, 60_000);
afterAll(() => world?.close());

const app = () => world.shop.app;

const topUp = (roubles: number) => world.topUp(player.headers, roubles, EMAIL);

const buyCart = (lines: Array<{ productId: number; quantity: number }>) =>
  world.buyCart(player.headers, lines);
const deliveriesSettled = (orderId: string) => world.deliveriesFailed(player.headers, orderId);

interface Row {
  kind: string;
  state: string;
  amount: number;
  order_id: string | null;
  attempts: number;
}
const rows = () =>
  queryRows<Row>(
    app().db,
    sql`select kind, state, amount_kopecks::integer as amount, order_id, attempts
        from receipts order by id`,
  );
const sent = (type: string) =>
  world.receipts.receipts.filter((receipt) => receipt.request.type === type);
const amountOf = (receipt: { request: { settlements: Array<{ amount: { value: string } }> } }) =>
  Math.round(Number(receipt.request.settlements[0]!.amount.value) * 100);

describe('fiscal receipts (54-ФЗ through YooKassa)', () => {
  let paymentId: string;
  let cartOrder: string;

  it('carries one advance receipt for the money paid in the top-up, not its bonus', async () => {
    paymentId = await topUp(1000);
    const payment = world.payments.get(paymentId)!;
    expect(payment.receipt).toEqual({
      customer: { email: EMAIL },
      tax_system_code: 2,
      items: [
        {
          description: 'Пополнение баланса',
          quantity: '1.00',
          amount: { value: '1000.00', currency: 'RUB' },
          vat_code: 1,
          payment_mode: 'full_prepayment',
          payment_subject: 'payment',
        },
      ],
    });
    expect(await balanceParts(app().db, player.id)).toEqual({
      paidKopecks: 100_000,
      bonusKopecks: 10_000,
    });
    await app().receipts.worker.run();
    expect(await rows()).toEqual([
      expect.objectContaining({ kind: 'advance', state: 'succeeded', amount: 100_000 }),
    ]);
    // The advance travelled with the payment: nothing was sent on its own.
    expect(world.receipts.receipts).toHaveLength(0);
  });

  it('sends one settlement receipt with the order’s two lines for the paid money it spent', async () => {
    const { admin } = world;
    // Items the game does not know: their deliveries fail, so the order can be refunded whole.
    const wood = await addProduct(world.shop, admin.headers, {
      name: 'Дерево',
      gameItemName: 'no.such.wood',
      price: 300,
    });
    const stone = await addProduct(world.shop, admin.headers, {
      name: 'Камень',
      gameItemName: 'no.such.stone',
      price: 500,
    });
    cartOrder = await buyCart([
      { productId: wood, quantity: 1 },
      { productId: stone, quantity: 1 },
    ]);
    await app().receipts.worker.run();
    await app().receipts.worker.run();
    const settlements = sent('payment');
    expect(settlements).toHaveLength(1);
    expect(settlements[0]!.request).toMatchObject({
      type: 'payment',
      payment_id: paymentId,
      customer: { email: EMAIL },
      send: true,
      tax_system_code: 2,
      settlements: [{ type: 'prepayment', amount: { value: '800.00', currency: 'RUB' } }],
      items: [
        {
          description: 'Дерево',
          amount: { value: '300.00', currency: 'RUB' },
          payment_mode: 'full_payment',
          vat_code: 1,
        },
        {
          description: 'Камень',
          amount: { value: '500.00', currency: 'RUB' },
          payment_mode: 'full_payment',
        },
      ],
    });
    expect((await rows()).filter((row) => row.kind === 'settlement')).toEqual([
      expect.objectContaining({ state: 'succeeded', amount: 80_000, order_id: cartOrder }),
    ]);
  });

  it('leaves the bonus money a purchase spends out of its receipt', async () => {
    // 200 ₽ of paid money and 100 ₽ of bonus are left: a 250 ₽ purchase spends 200 paid, 50 bonus.
    const kit = await addProduct(world.shop, world.admin.headers, { name: 'Сера', price: 250 });
    await buyCart([{ productId: kit, quantity: 1 }]);
    await app().receipts.worker.run();
    const settlements = sent('payment');
    expect(settlements).toHaveLength(2);
    expect(amountOf(settlements[1]!)).toBe(20_000);
    expect(settlements[1]!.request.items).toEqual([
      expect.objectContaining({
        description: 'Сера',
        amount: { value: '200.00', currency: 'RUB' },
      }),
    ]);
    expect(await balanceParts(app().db, player.id)).toEqual({
      paidKopecks: 0,
      bonusKopecks: 5_000,
    });
  });

  it('sends a refund receipt once when an order is refunded to the balance', async () => {
    await deliveriesSettled(cartOrder);
    const refund = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${cartOrder}/refund`,
      headers: world.admin.headers,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    for (let pass = 0; pass < 3; pass += 1) await app().receipts.worker.run();
    const refunds = sent('refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.request).toMatchObject({
      payment_id: paymentId,
      settlements: [{ type: 'prepayment', amount: { value: '800.00', currency: 'RUB' } }],
      items: [
        { description: 'Дерево', amount: { value: '300.00', currency: 'RUB' } },
        { description: 'Камень', amount: { value: '500.00', currency: 'RUB' } },
      ],
    });
    expect(await balanceParts(app().db, player.id)).toEqual({
      paidKopecks: 80_000,
      bonusKopecks: 5_000,
    });
  });

  it('adds up: advance − settlements + refunds is the paid money left on the balance', async () => {
    const all = await rows();
    const total = (kind: string) =>
      all.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amount, 0);
    expect(total('advance')).toBe(100_000);
    expect(total('settlement')).toBe(100_000);
    expect(total('refund')).toBe(80_000);
    const { paidKopecks } = (await balanceParts(app().db, player.id))!;
    expect(total('advance') - total('settlement') + total('refund')).toBe(paidKopecks);
    // And what YooKassa received says the same.
    const settled = sent('payment').reduce((sum, receipt) => sum + amountOf(receipt), 0);
    const refunded = sent('refund').reduce((sum, receipt) => sum + amountOf(receipt), 0);
    expect(settled - refunded).toBe(total('settlement') - total('refund'));
  });

  it('shows the admin each top-up’s receipts with their state; players get 403', async () => {
    const [payment] = await queryRows<{ id: string }>(
      app().db,
      sql`select id from payments where provider_id = ${paymentId}`,
    );
    const url = `/api/admin/payments/${payment!.id}/receipts`;
    expect((await app().inject({ url, headers: player.headers })).statusCode).toBe(403);
    const reply = await app().inject({ url, headers: world.admin.headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<{ mode: string; receipts: Array<Record<string, unknown>> }>();
    expect(body.mode).toBe('54fz');
    expect(body.receipts.map((receipt) => [receipt.kind, receipt.state, receipt.amount])).toEqual([
      ['advance', 'succeeded', 1000],
      ['settlement', 'succeeded', 800],
      ['settlement', 'succeeded', 200],
      ['refund', 'succeeded', 800],
    ]);
    expect(body.receipts[1]).toMatchObject({
      email: EMAIL,
      lines: [
        { description: 'Дерево', quantity: 1, amount: 300 },
        { description: 'Камень', quantity: 1, amount: 500 },
      ],
    });
    const bad = await app().inject({
      url: '/api/admin/payments/not-a-payment/receipts',
      headers: world.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('retries a receipt YooKassa failed to take, with backoff and the same idempotence key', async () => {
    const axe = await addProduct(world.shop, world.admin.headers, { name: 'Топор', price: 100 });
    const order = await buyCart([{ productId: axe, quantity: 1 }]);
    // The client asks three times with the same key; all three fail (YooKassa's 500).
    world.receipts.failNext(3, '500');
    const attemptsBefore = world.receipts.attempts;
    await app().receipts.worker.run();
    expect(world.receipts.attempts - attemptsBefore).toBe(3);
    const failed = (await rows()).find((row) => row.order_id === order)!;
    expect(failed).toMatchObject({ kind: 'settlement', state: 'queued', attempts: 1 });
    // Not again before its time…
    await app().receipts.worker.run();
    expect(world.receipts.attempts - attemptsBefore).toBe(3);
    // …and a minute later it goes through, once.
    const later = createReceiptsWorker(
      app().db,
      app().receipts.settings,
      () => app().receipts.api(),
      app().log,
      { now: () => new Date(Date.now() + 61_000) },
    );
    await later.sendDue();
    const forOrder = sent('payment').filter((receipt) => amountOf(receipt) === 10_000);
    expect(forOrder).toHaveLength(1);
    expect((await rows()).find((row) => row.order_id === order)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
    });
  });
  it('names the receipts given up on to the admin, after the last retry', async () => {
    const nails = await addProduct(world.shop, world.admin.headers, { name: 'Гвозди', price: 50 });
    await buyCart([{ productId: nails, quantity: 1 }]);
    world.receipts.failNext(3, '500');
    const impatient = createReceiptsWorker(
      app().db,
      app().receipts.settings,
      () => app().receipts.api(),
      app().log,
      { maxAttempts: 1 },
    );
    await impatient.run();
    const reply = await app().inject({
      url: '/api/admin/receipts/summary',
      headers: world.admin.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      mode: '54fz',
      failed: 1,
      waiting: 0,
      latestFailed: [
        {
          kind: 'settlement',
          username: expect.any(String),
          lastError: expect.stringContaining('server_error'),
        },
      ],
    });
    const player403 = await app().inject({
      url: '/api/admin/receipts/summary',
      headers: player.headers,
    });
    expect(player403.statusCode).toBe(403);
  });
});
