import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceParts } from '../ledger/ledger';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { startReceiptsWorld, type ReceiptsWorld } from '../../test-support/receipts-shop';
import { waitUntil } from '../../test-support/wait-until';
import { allocate } from './receipt-lines';
import { createReceiptsWorker } from './receipts-worker';

describe('allocate', () => {
  it('splits a sum over lines by their prices, exactly, remainders to the first lines', () => {
    expect(allocate([30_000, 50_000], 80_000)).toEqual([30_000, 50_000]);
    expect(allocate([30_000, 50_000], 20_000)).toEqual([7_500, 12_500]);
    expect(allocate([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocate([33_333, 33_333, 33_334], 10_001)).toEqual([3_334, 3_334, 3_333]);
    expect(allocate([500], 900)).toEqual([500]);
    expect(allocate([100, 200], 0)).toEqual([0, 0]);
    for (const [weights, amount] of [
      [[7, 13, 29, 1], 31],
      [[99_999, 1], 50_000],
      [[10, 10, 10], 29],
    ] as const) {
      const shares = allocate(weights, amount);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(weights[index]!));
    }
  });
});

const kindsAndStates = (world: ReceiptsWorld) =>
  queryRows<{ kind: string; state: string; amount: number }>(
    world.shop.app.db,
    sql`select kind, state, amount_kopecks::integer as amount from receipts order by id`,
  );

describe('a reversed YooKassa top-up (54-ФЗ)', () => {
  let world: ReceiptsWorld;
  beforeAll(async () => {
    world = await startReceiptsWorld();
  }, 60_000);
  afterAll(() => world?.close());

  it('sends nothing when YooKassa refunded the whole payment: it forms the refund receipt itself', async () => {
    const player = await createAccount(world.shop.app, world.shop.config);
    const payment = await world.topUp(player.headers, 500, 'a@example.com');
    await world.shop.app.receipts.worker.run();
    expect(await world.refundInFull(payment)).toBe(200);
    // The reversal is the payments module's: the receipts follow once it is in the ledger.
    await waitUntil(
      async () =>
        (
          await queryRows<{ n: number }>(
            world.shop.app.db,
            sql`select count(*)::integer as n from transactions where kind = 'reversal'`,
          )
        )[0]!.n === 1,
      { what: 'the top-up reversed' },
    );
    await world.shop.app.receipts.worker.run();
    expect(await kindsAndStates(world)).toEqual([
      { kind: 'advance', state: 'succeeded', amount: 50_000 },
      { kind: 'advance_refund', state: 'by_yookassa', amount: 50_000 },
    ]);
    expect(world.receipts.receipts).toHaveLength(0);
    // The reversal took the top-up from the paid part and its bonus from the bonus part.
    expect(await balanceParts(world.shop.app.db, player.id)).toEqual({
      paidKopecks: 0,
      bonusKopecks: 0,
    });
  });

  it('handles a new receipt in the pass that records it, though the shop’s clock lags the database’s', async () => {
    const player = await createAccount(world.shop.app, world.shop.config);
    const payment = await world.topUp(player.headers, 100, 'lag@example.com');
    const { app } = world.shop;
    // The shop and PostgreSQL on two hosts: NTP keeps their clocks close, never equal.
    const lagging = createReceiptsWorker(
      app.db,
      app.receipts.settings,
      () => app.receipts.api(),
      app.log,
      { now: () => new Date(Date.now() - 2_000) },
    );
    await lagging.run();
    expect(
      await queryRows<{ state: string }>(
        app.db,
        sql`select r.state from receipts r join payments p on p.id = r.payment_id
            where p.provider_id = ${payment}`,
      ),
    ).toEqual([{ state: 'succeeded' }]);
  });

  it('sends a refund receipt of the advance when an admin records the reversal, once', async () => {
    const player = await createAccount(world.shop.app, world.shop.config);
    const payment = await world.topUp(player.headers, 300, 'b@example.com');
    const ours = (
      await queryRows<{ id: string }>(
        world.shop.app.db,
        sql`select id from payments where provider_id = ${payment}`,
      )
    )[0]!.id;
    const reversed = await world.shop.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${ours}/reverse`,
      headers: world.admin.headers,
      payload: { reason: 'Вернули деньги переводом' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    for (let pass = 0; pass < 3; pass += 1) await world.shop.app.receipts.worker.run();
    expect(world.receipts.receipts).toHaveLength(1);
    expect(world.receipts.receipts[0]!.request).toMatchObject({
      type: 'refund',
      payment_id: payment,
      customer: { email: 'b@example.com' },
      items: [
        {
          description: 'Пополнение баланса',
          amount: { value: '300.00', currency: 'RUB' },
          payment_mode: 'full_prepayment',
          payment_subject: 'payment',
        },
      ],
      settlements: [{ type: 'cashless', amount: { value: '300.00', currency: 'RUB' } }],
    });
  });
});

describe('self-employed receipts («Мой налог» through YooKassa)', () => {
  let world: ReceiptsWorld;
  beforeAll(async () => {
    world = await startReceiptsWorld({ YOOKASSA_RECEIPTS: 'self-employed' });
  }, 60_000);
  afterAll(() => world?.close());

  it('carries the income with the payment and sends nothing when the balance buys', async () => {
    const player = await createAccount(
      world.shop.app,
      world.shop.config,
      'player',
      '76561198000000002',
    );
    const payment = await world.topUp(player.headers, 200, 'c@example.com');
    expect(world.payments.get(payment)!.receipt).toEqual({
      customer: { email: 'c@example.com' },
      items: [
        {
          description: 'Пополнение баланса',
          quantity: '1.00',
          amount: { value: '200.00', currency: 'RUB' },
          vat_code: 1,
        },
      ],
    });
    const product = await addProduct(world.shop, world.admin.headers, {
      name: 'Дерево',
      price: 50,
    });
    const bought = await world.shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId: product, serverId: world.serverId, quantity: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await world.shop.app.receipts.worker.run();
    await world.shop.app.receipts.worker.run();
    expect(await kindsAndStates(world)).toEqual([
      { kind: 'advance', state: 'succeeded', amount: 20_000 },
    ]);
    expect(world.receipts.receipts).toHaveLength(0);
  });
});
