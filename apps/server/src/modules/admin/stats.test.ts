import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test-support/sql';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Moscow keeps UTC+3 all year: today's midnight there, worked out without the database. */
const MSK_OFFSET = 3 * 60 * MINUTE;
const moscowMidnight = Math.floor((Date.now() + MSK_OFFSET) / DAY) * DAY - MSK_OFFSET;
const at = (daysBefore: number, minutes: number) =>
  new Date(moscowMidnight - daysBefore * DAY + minutes * MINUTE);
const moscowDate = (time: Date) => new Date(time.getTime() + MSK_OFFSET).toISOString().slice(0, 10);

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let buyer: Awaited<ReturnType<typeof createAccount>>;
let oldOrder: string;

async function order(roubles: number, createdAt: Date, status = 'completed'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    shop.app.db,
    sql`
    insert into orders (user_id, server_id, total_kopecks, status, created_at)
    values (${buyer.id}, 1, ${roubles * 100}, ${status}, ${createdAt.toISOString()})
    returning id`,
  );
  return row!.id;
}

async function payment(roubles: number, paidAt: Date | null, status = 'paid') {
  await shop.app.db.execute(sql`
    insert into payments (user_id, amount_kopecks, method, email, status, paid_at, created_at)
    values (${buyer.id}, ${roubles * 100}, 'kassa', 'a@b.ru', ${status},
            ${paidAt?.toISOString() ?? null}, ${(paidAt ?? new Date()).toISOString()})`);
}

const get = async (url: string) => {
  const reply = await shop.app.inject({ url, headers: admin.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

beforeAll(async () => {
  shop = await createTestApp({ SHOP_TIMEZONE: 'Europe/Moscow' });
  admin = await createAccount(shop.app, shop.config, 'admin');
  buyer = await createAccount(shop.app, shop.config);
  // An account made yesterday evening, Moscow time, is not one of today's.
  const old = await createAccount(shop.app, shop.config);
  await shop.app.db.execute(
    sql`update users set joined_at = ${at(0, -1).toISOString()} where id = ${old.id}`,
  );

  await order(100, at(0, -1)); // 23:59 yesterday
  await order(200, at(0, 1)); // 00:01 today
  await order(400, at(6, 1)); // first minute of the 7-day window
  await order(800, at(6, -1)); // last minute before it
  await order(1600, at(13, 1));
  await order(3200, at(13, -1));
  await order(6400, at(29, 1));
  await order(12800, at(29, -1)); // only in the total
  oldOrder = await order(25600, at(40, 0)); // older than the month read live
  await order(50, at(0, 2), 'pending'); // paid, not delivered yet: money taken all the same
  await order(70, at(0, 3), 'cancelled'); // refunded in full
  // Refunded in part: 30 of 90 roubles came back, 60 stay earned.
  const partly = await order(90, at(0, 4));
  await shop.app.db.execute(sql`
    insert into transactions (user_id, kind, amount_kopecks, description, method, order_id)
    values (${buyer.id}, 'refund', 3000, 'Возврат', 'Возврат', ${partly})`);

  await payment(500, at(0, -1));
  await payment(300, at(0, 1));
  await payment(700, at(0, 5));
  await payment(999, null, 'pending');
  await payment(1000, at(31, 0)); // older than the 30 days shown
});
afterAll(() => shop?.close());

describe('admin revenue figures', () => {
  it('count calendar days in Moscow time: 23:59 is yesterday, 00:01 is today', async () => {
    const revenue = await get('/api/admin/revenue-stats');
    expect(revenue.today).toEqual({ revenue: 200 + 50 + 60, count: 3 });
    expect(revenue.timeZone).toBe('Europe/Moscow');
  });

  it('cut the 7, 14 and 30 day windows at local midnight, refunds taken off', async () => {
    const revenue = await get('/api/admin/revenue-stats');
    const inside = 100 + 200 + 50 + 60 + 400;
    expect(revenue.sevenDays).toEqual({ revenue: inside, count: 5 });
    expect(revenue.fourteenDays).toEqual({ revenue: inside + 800 + 1600, count: 7 });
    expect(revenue.thirtyDays).toEqual({ revenue: inside + 800 + 1600 + 3200 + 6400, count: 9 });
    expect(revenue.total).toEqual({
      revenue: inside + 800 + 1600 + 3200 + 6400 + 12800 + 25600,
      count: 11,
    });
  });

  it('keep the whole-history total exact when an old order is refunded after it was summed', async () => {
    const before = (await get('/api/admin/revenue-stats')).total;
    await shop.app.db.execute(sql`
      insert into transactions (user_id, kind, amount_kopecks, description, method, order_id)
      values (${buyer.id}, 'refund', 60000, 'Возврат', 'Возврат', ${oldOrder})`);
    const after = (await get('/api/admin/revenue-stats')).total;
    expect(after).toEqual({ revenue: before.revenue - 600, count: before.count });
    await shop.app.db.execute(sql`update orders set status = 'cancelled' where id = ${oldOrder}`);
    expect((await get('/api/admin/revenue-stats')).total).toEqual({
      revenue: before.revenue - 25600,
      count: before.count - 1,
    });
  });

  it('give the chart 30 days, oldest first, each with its own sales', async () => {
    const { daily } = await get('/api/admin/revenue-stats');
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)).toEqual({ date: moscowDate(at(0, 1)), revenue: 310, count: 3 });
    expect(daily.at(-2)).toEqual({ date: moscowDate(at(0, -1)), revenue: 100, count: 1 });
    expect(daily[0]).toEqual({ date: moscowDate(at(29, 1)), revenue: 6400, count: 1 });
  });
});

describe('admin payment statistics', () => {
  it('sum paid top-ups per Moscow day, newest first, for the last 30 days', async () => {
    const stats = await get('/api/admin/payment-stats');
    expect(stats).toEqual([
      { date: moscowDate(at(0, 1)), count: 2, paymentCount: 2, totalAmount: 1000 },
      { date: moscowDate(at(0, -1)), count: 1, paymentCount: 1, totalAmount: 500 },
    ]);
  });
});

describe('admin overview cards', () => {
  it('count users (and those who joined today), orders, servers and products', async () => {
    const stats = await get('/api/admin/stats');
    expect(stats).toMatchObject({
      totalUsers: 3,
      todayUsers: 2,
      onlineUsers: 0,
      totalOrders: 12,
      todayOrders: 4,
      pendingOrders: 1,
      todayRevenue: 310,
      totalRevenue: 100 + 200 + 50 + 60 + 400 + 800 + 1600 + 3200 + 6400 + 12800,
      // (the 40-day-old order was cancelled by the test above)
      activeServers: 0,
      totalServers: 0,
      totalProducts: 0,
    });
  });
});
