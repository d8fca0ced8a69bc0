import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import type { TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { expireVips } from './vip-expiry';

const DAY = 86_400_000;
type Account = Awaited<ReturnType<typeof createAccount>>;
let world: GameShop;
let shop: TestApp;
let serverId: number;
let gold: number;
let silver: number;

beforeAll(async () => {
  world = await startGameShop({ sim: { players: [] } });
  ({ shop, serverId } = world);
  const vip = (tier: string, days: number, price: number) =>
    addProduct(shop, world.admin.headers, {
      name: `VIP ${tier}`,
      gameItemName: 'vip',
      category: 'vip',
      price,
      vipTier: tier,
      vipDays: days,
    });
  gold = await vip('Gold', 30, 299);
  silver = await vip('Silver', 7, 99);
});
afterAll(() => world?.close());

const player = async () => {
  const account = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, account.id, 2_000);
  return account;
};
const buy = async (buyer: Account, productId: number, giftTo?: Account) => {
  const reply = await shop.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: buyer.headers,
    payload: { productId, serverId, quantity: 1, ...(giftTo ? { giftTo: giftTo.steamId } : {}) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().orderId as string;
};
const vipOf = async (account: Account) => {
  const [row] = await queryRows<{ tier: string | null; expires_at: Date | null }>(
    shop.app.db,
    sql`select vip_status as tier, vip_expires_at as expires_at from users where id = ${account.id}`,
  );
  return { tier: row?.tier ?? null, expiresAt: row?.expires_at ? new Date(row.expires_at) : null };
};
const daysLeft = async (account: Account) =>
  ((await vipOf(account)).expiresAt!.getTime() - Date.now()) / DAY;
/** Every console command queued for the account, oldest first. */
const queued = async (account: Account) =>
  (
    await queryRows<{ commands: string[] }>(
      shop.app.db,
      sql`select payload->'commands' as commands from delivery_jobs
          where user_id = ${account.id} and status <> 'cancelled' order by created_at`,
    )
  ).flatMap((row) => row.commands);
const group = (verb: 'add' | 'remove', account: Account, tier: string) =>
  `oxide.usergroup ${verb} ${account.steamId} vip_${tier.toLowerCase()}`;
/** Time passes: the running term's end has come. */
const runningEndsNow = async (account: Account) => {
  await shop.app.db.execute(
    sql`update vip_periods set ends_at = now() - interval '1 second'
        where user_id = ${account.id} and state = 'running'`,
  );
  expect(await expireVips(shop.app)).toBe(1);
};
const deliver = async (account: Account) => {
  await shop.app.delivery.worker.kick();
  await waitUntil(
    async () =>
      (
        await queryRows(
          shop.app.db,
          sql`select 1 from delivery_jobs where user_id = ${account.id} and status = 'pending'`,
        )
      ).length === 0,
    { what: 'VIP jobs delivered' },
  );
};
const refund = (orderId: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: world.admin.headers,
  });

describe('VIP terms: a purchase or gift never lowers or shortens a VIP', () => {
  for (const gifted of [true, false]) {
    it(`keeps Gold to the same date when ${gifted ? 'gifted' : 'buying'} Silver, then gives Silver`, async () => {
      const holder = await player();
      const friend = await player();
      await buy(holder, gold);
      const goldUntil = (await vipOf(holder)).expiresAt!;
      const buyer = gifted ? friend : holder;

      const plan = await shop.app.inject({
        url: `/api/vip/plan?productId=${silver}&serverId=${serverId}&quantity=1${gifted ? `&giftTo=${holder.steamId}` : ''}`,
        headers: buyer.headers,
      });
      expect(plan.statusCode, plan.body).toBe(200);
      expect(plan.json().after.map((step: { tier: string }) => step.tier)).toEqual([
        'Gold',
        'Silver',
      ]);
      if (gifted) {
        // The recipient's tiers, in order, and not when their VIP began or ends.
        expect(plan.json()).toEqual({
          current: [{ tier: 'Gold' }],
          after: [{ tier: 'Gold' }, { tier: 'Silver' }],
        });
      } else expect(plan.json().after[0].until).toBe(goldUntil.toISOString());

      const silverOrder = await buy(buyer, silver, gifted ? holder : undefined);
      expect(await vipOf(holder)).toEqual({ tier: 'Gold', expiresAt: goldUntil });
      // Gold is not revoked, Silver not granted: nothing but Gold's grant was queued.
      expect(await queued(holder)).toEqual([group('add', holder, 'Gold')]);

      await runningEndsNow(holder);
      expect((await vipOf(holder)).tier).toBe('Silver');
      expect(await daysLeft(holder)).toBeGreaterThan(7 - 0.01);
      expect(await queued(holder)).toEqual([
        group('add', holder, 'Gold'),
        group('remove', holder, 'Gold'),
        group('add', holder, 'Silver'),
      ]);
      // Silver's grant is its order's own delivery, queued when the term began.
      const [job] = await queryRows<{ order_id: string }>(
        shop.app.db,
        sql`select order_id from delivery_jobs
            where payload->'commands' @> ${JSON.stringify([group('add', holder, 'Silver')])}::jsonb`,
      );
      expect(job?.order_id).toBe(silverOrder);
    });
  }

  it('extends the same tier, the second purchase running on from the first', async () => {
    const holder = await player();
    await buy(holder, gold);
    await buy(holder, gold);
    expect((await vipOf(holder)).tier).toBe('Gold');
    expect(await daysLeft(holder)).toBeGreaterThan(60 - 0.01);
    await runningEndsNow(holder);
    expect((await vipOf(holder)).tier).toBe('Gold');
    // The tier runs on: no revoke in between, the second order's grant queued as it starts.
    expect(await queued(holder)).toEqual([
      group('add', holder, 'Gold'),
      group('add', holder, 'Gold'),
    ]);
  });

  it('runs a higher tier now and resumes the rest of the lower one after it', async () => {
    const holder = await player();
    await buy(holder, silver);
    await deliver(holder);
    await shop.app.db.execute(
      sql`update vip_periods set ends_at = ends_at - interval '2 days' where user_id = ${holder.id}`,
    );
    await buy(holder, gold);
    expect((await vipOf(holder)).tier).toBe('Gold');
    expect(await daysLeft(holder)).toBeGreaterThan(30 - 0.01);
    await runningEndsNow(holder);
    expect((await vipOf(holder)).tier).toBe('Silver');
    // Silver had 5 of its 7 days left when Gold began: those 5 resume.
    expect(await daysLeft(holder)).toBeCloseTo(5, 1);
    expect(await queued(holder)).toEqual([
      group('add', holder, 'Silver'),
      group('remove', holder, 'Silver'),
      group('add', holder, 'Gold'),
      group('remove', holder, 'Gold'),
      group('add', holder, 'Silver'),
    ]);
  });
});

describe('VIP terms: refunds take back exactly what a purchase added', () => {
  it('a waiting lower tier: paid back in full, the running tier untouched', async () => {
    const holder = await player();
    await buy(holder, gold);
    await deliver(holder);
    const before = await vipOf(holder);
    const order = await buy(holder, silver);
    const reply = await refund(order);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().refunded).toBe(99);
    expect(await vipOf(holder)).toEqual(before);
    await runningEndsNow(holder);
    expect(await vipOf(holder)).toEqual({ tier: null, expiresAt: null });
  });

  it('an extension of the same tier: the days it added, no more', async () => {
    const holder = await player();
    await buy(holder, gold);
    await deliver(holder);
    const before = await vipOf(holder);
    const second = await buy(holder, gold);
    expect((await refund(second)).json().refunded).toBe(299);
    expect(await vipOf(holder)).toEqual(before);
  });

  it('a running higher tier whose grant never ran: the lower one resumes with its days', async () => {
    const holder = await player();
    await buy(holder, silver);
    await deliver(holder);
    const silverUntil = (await vipOf(holder)).expiresAt!.getTime();
    // From here on nothing is delivered: the game server is away, the grants wait.
    await shop.app.delivery.worker.stop();
    const order = await buy(holder, gold);
    const reply = await refund(order);
    expect(reply.json().refunded, reply.body).toBe(299);
    expect((await vipOf(holder)).tier).toBe('Silver');
    // Paused for a moment: the same end, give or take the test's own seconds.
    expect(Math.abs((await vipOf(holder)).expiresAt!.getTime() - silverUntil)).toBeLessThan(60_000);
    expect((await queued(holder)).slice(-3)).toEqual([
      group('remove', holder, 'Silver'),
      group('remove', holder, 'Gold'),
      group('add', holder, 'Silver'),
    ]);
  });

  it('a running term that was the only one: no VIP, its revoke queued', async () => {
    const holder = await player();
    const order = await buy(holder, gold);
    expect((await refund(order)).json().refunded).toBe(299);
    expect(await vipOf(holder)).toEqual({ tier: null, expiresAt: null });
    expect((await queued(holder)).at(-1)).toBe(group('remove', holder, 'Gold'));
  });
});
