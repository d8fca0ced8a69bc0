import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_STEAM_ID } from '../../config';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { ledgerSum } from '../ledger/ledger';
import { seedDemoHistory } from './demo-history';
import { HISTORY_PLAYERS } from './demo-history-script';
import { startDemoWorld, type DemoWorld } from './demo-world';

const DAY = 24 * 60 * 60_000;

let shop: TestApp;
let stopWorld: DemoWorld;
let admin: Awaited<ReturnType<typeof createAccount>>;

const get = async (url: string) => {
  const reply = await shop.app.inject({ url, headers: admin.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

beforeAll(async () => {
  shop = await createTestApp({ DEMO: '1', PUBLIC_URL: 'http://shop.test' });
  stopWorld = await startDemoWorld(shop.app, shop.config);
  // The demo admin signs in as in the demo: the account the history made, now with a session.
  admin = await createAccount(shop.app, shop.config, 'admin', DEMO_ADMIN_STEAM_ID);
});
afterAll(async () => {
  await stopWorld?.();
  await shop?.close();
});

describe('the demo’s month of history', () => {
  it('gives the overview 30 days of revenue, payments and orders, one still waiting', async () => {
    const revenue = await get('/api/admin/revenue-stats');
    const daysWithSales = revenue.daily.filter((day: { count: number }) => day.count > 0);
    expect(daysWithSales.length).toBeGreaterThanOrEqual(25);
    expect(revenue.thirtyDays.count).toBeGreaterThanOrEqual(40);
    expect(revenue.thirtyDays.revenue).toBeGreaterThan(3000);

    const payments = await get('/api/admin/payment-stats');
    expect(payments.length).toBeGreaterThanOrEqual(10);

    const cards = await get('/api/admin/stats');
    expect(cards.totalUsers).toBe(HISTORY_PLAYERS.length + 1);
    expect(cards.pendingOrders).toBe(1);
    expect(cards.activeServers).toBe(2);
  });

  it('holds top-ups by card and by SBP, one with a promo code’s bonus, a gift and a refund', async () => {
    const [row] = await queryRows<Record<string, number>>(
      shop.app.db,
      sql`select
        (select count(*) from payments where status = 'paid' and method = 'card')::int as kassa,
        (select count(*) from payments where status = 'paid' and method = 'sbp')::int as sbp,
        (select count(*) from transactions where description like '%промокод%')::int as promo,
        (select count(*) from transactions where kind = 'promo')::int as fixed,
        (select count(*) from orders where recipient_id is not null)::int as gifts,
        (select count(*) from orders where status = 'cancelled')::int as refunded,
        (select count(*) from orders where status = 'completed')::int as completed,
        (select count(*) from orders
          where created_at < now() - interval '28 days')::int as month_old`,
    );
    expect(row).toMatchObject({ gifts: 1, refunded: 1, promo: 1, fixed: 1 });
    expect(row!.kassa).toBeGreaterThan(3);
    expect(row!.sbp).toBeGreaterThan(3);
    expect(row!.completed).toBeGreaterThanOrEqual(40);
    expect(row!.month_old).toBeGreaterThan(0);
  });

  it('keeps every balance the sum of its ledger, never below zero', async () => {
    const users = await queryRows<{ id: number; balance: string }>(
      shop.app.db,
      sql`select id, balance_kopecks as balance from users`,
    );
    for (const user of users) {
      expect(Number(user.balance)).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(shop.app.db, user.id)).toBe(Number(user.balance));
    }
  });

  it('leaves a chat in each state and a journal whose chain holds', async () => {
    const chats = await get('/api/chat/history/all');
    expect(chats.counts).toEqual({ open: 1, unanswered: 1, closed: 1 });
    // Answered conversations were read by the staff; the waiting question was not.
    const unread = Object.fromEntries(
      chats.chats.map((chat: { status: string; unreadCount: number }) => [
        chat.status,
        chat.unreadCount,
      ]),
    );
    expect(unread).toEqual({ open: 0, unanswered: 1, closed: 0 });
    const journal = await get('/api/admin/audit');
    expect(journal.chain.verified).toBe(true);
    const actions = journal.entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['promocode.create', 'order.refund', 'chat.status']),
    );
    const times = journal.entries.map((entry: { createdAt: string }) =>
      Date.parse(entry.createdAt),
    );
    expect(Math.min(...times)).toBeLessThan(Date.now() - 20 * DAY);
  });

  it('has the servers wipe on their schedules: the classic one hours ago, the other 3 days ago', async () => {
    const servers = await get('/api/admin/servers');
    const [classic, weekly] = servers;
    const hoursAgo = (iso: string) => (Date.now() - Date.parse(iso)) / 3_600_000;
    expect(hoursAgo(classic.lastWipeAt)).toBeGreaterThan(4.9);
    expect(hoursAgo(classic.lastWipeAt)).toBeLessThan(5.5);
    expect(hoursAgo(weekly.lastWipeAt)).toBeGreaterThan(71.9);
    expect(hoursAgo(weekly.lastWipeAt)).toBeLessThan(72.5);
    expect(classic.wipeSchedule).toMatchObject({ every: 'two-weeks' });
    expect(weekly.wipeSchedule).toEqual({
      every: 'week',
      weekday: 4,
      time: '18:00',
      timeZone: 'Europe/Moscow',
    });
    for (const server of servers) expect(Date.parse(server.nextWipeAt)).toBeGreaterThan(Date.now());

    // The month holds earlier wipes too, each a period of the revenue by wipe.
    const wipes = await get(
      `/api/admin/wipes?since=${new Date(Date.now() - 30 * DAY).toISOString()}`,
    );
    const of = (id: number) => wipes.filter((wipe: { serverId: number }) => wipe.serverId === id);
    expect(of(classic.id)).toHaveLength(3);
    expect(of(weekly.id)).toHaveLength(4);
    const byWipe = await get(`/api/admin/revenue-by-wipe?serverId=${weekly.id}`);
    expect(byWipe.periods).toHaveLength(4);
    expect(byWipe.periods[0].endedAt).toBeNull();
    const sold = byWipe.periods.filter((period: { orders: number }) => period.orders > 0);
    expect(sold.length).toBeGreaterThanOrEqual(3);
  });

  it('comes back on the same saves after a restart: a restart is no wipe', async () => {
    const before = await get('/api/admin/wipes');
    await stopWorld();
    stopWorld = await startDemoWorld(shop.app, shop.config);
    await shop.app.servers.monitor.pollNow();
    expect(await get('/api/admin/wipes')).toEqual(before);
  });

  it('is written once: a restart of a shop that has orders adds nothing', async () => {
    const before = (await get('/api/admin/stats')).totalOrders;
    await seedDemoHistory(shop.app);
    expect((await get('/api/admin/stats')).totalOrders).toBe(before);
  });
});
