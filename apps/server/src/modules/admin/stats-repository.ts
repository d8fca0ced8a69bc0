import { kopecksToRoubles, type PaymentStats, type RevenueStats } from '@shop/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { revenueHistory } from '../../db/schema/index';

/** Days the chart and the payment statistics cover, today included. */
export const STATS_DAYS = 30;

const rows = queryRows;

/** Local midnight `daysBack` days before today, in the shop's zone, as an absolute instant. */
const dayStart = (zone: string, daysBack: number) =>
  sql`((date_trunc('day', now() at time zone ${zone}) - make_interval(days => ${daysBack})) at time zone ${zone})`;

const windows = { today: 1, sevenDays: 7, fourteenDays: 14, thirtyDays: 30 } as const;

/**
 * Revenue is money taken: every order is paid when it is placed, so an order counts from that
 * moment, delivered or not, and what was refunded of it is taken off. An order refunded in full is
 * `cancelled` and counts for nothing. Written as a list of statuses so the revenue index
 * (status, created_at, total) answers it on its own.
 */
const PAID = sql.raw(`status in ('pending', 'completed')`);
const PAID_ORDER = sql.raw(`o.status in ('pending', 'completed')`);

/**
 * The Overview's figures, each one aggregate query over an index (see the revenue, payment and
 * user-join indexes): nothing is loaded row by row into memory. Calendar days are the shop's zone.
 */
export function createStatsRepository(db: Db, zone: string) {
  /**
   * Totals of orders older than a UTC midnight 32 days back (before any 30-day window of any zone),
   * kept in revenue_history and computed again each new day or after a trigger dropped them because
   * an old order or its refund changed. Everything newer is read live. The columns named
   * `completed…` hold the paid orders (see PAID), whatever their delivery.
   */
  async function history() {
    const cutoff = sql`(date_trunc('day', now() at time zone 'UTC') - interval '32 days') at time zone 'UTC'`;
    const [kept] = await db
      .select()
      .from(revenueHistory)
      .where(and(eq(revenueHistory.id, 1), eq(revenueHistory.cutoff, cutoff)));
    if (kept) return kept;
    const [computed] = await rows<Record<string, string>>(
      db,
      sql`insert into revenue_history (id, cutoff, orders, completed, completed_kopecks, refunded_kopecks)
          select 1, c.cutoff,
            (select count(*) from orders where created_at < c.cutoff),
            (select count(*) from orders where ${PAID} and created_at < c.cutoff),
            (select coalesce(sum(total_kopecks), 0) from orders
              where ${PAID} and created_at < c.cutoff),
            (select coalesce(sum(t.amount_kopecks), 0) from transactions t
               join orders o on o.id = t.order_id
              where t.kind = 'refund' and ${PAID_ORDER} and o.created_at < c.cutoff)
          from (select ${cutoff} as cutoff) as c
          on conflict (id) do update set cutoff = excluded.cutoff, orders = excluded.orders,
            completed = excluded.completed, completed_kopecks = excluded.completed_kopecks,
            refunded_kopecks = excluded.refunded_kopecks, computed_at = now()
          returning cutoff, orders, completed, completed_kopecks, refunded_kopecks`,
    );
    return {
      cutoff: new Date(String(computed?.cutoff)),
      orders: Number(computed?.orders ?? 0),
      completed: Number(computed?.completed ?? 0),
      completedKopecks: Number(computed?.completed_kopecks ?? 0),
      refundedKopecks: Number(computed?.refunded_kopecks ?? 0),
    };
  }

  return {
    /** Paid orders minus what was refunded of them: the whole history and the last 30 days. */
    async revenue(): Promise<RevenueStats> {
      const past = await history();
      const [recent] = await rows<{ count: string; kopecks: string; refunded: string }>(
        db,
        sql`select count(*) as count, coalesce(sum(total_kopecks), 0) as kopecks,
              (select coalesce(sum(t.amount_kopecks), 0) from transactions t
                 join orders o on o.id = t.order_id
                where t.kind = 'refund' and ${PAID_ORDER}
                  and o.created_at >= ${past.cutoff.toISOString()}) as refunded
            from orders where ${PAID} and created_at >= ${past.cutoff.toISOString()}`,
      );
      const daily = await rows<{ date: string; count: string; kopecks: string }>(
        db,
        sql`with days as (
              select d::date as day from generate_series(
                date_trunc('day', now() at time zone ${zone}) - make_interval(days => ${STATS_DAYS - 1}),
                date_trunc('day', now() at time zone ${zone}), interval '1 day') as d),
            sales as (
              select (created_at at time zone ${zone})::date as day, count(*) as n,
                     sum(total_kopecks) as kopecks
              from orders
              where ${PAID} and created_at >= ${dayStart(zone, STATS_DAYS - 1)}
              group by 1),
            refunds as (
              select (o.created_at at time zone ${zone})::date as day, sum(t.amount_kopecks) as kopecks
              from transactions t join orders o on o.id = t.order_id
              where t.kind = 'refund' and ${PAID_ORDER}
                and o.created_at >= ${dayStart(zone, STATS_DAYS - 1)}
              group by 1)
            select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as count,
                   coalesce(s.kopecks, 0) - coalesce(r.kopecks, 0) as kopecks
            from days left join sales s on s.day = days.day left join refunds r on r.day = days.day
            order by days.day`,
      );
      const window = (days: number) => {
        const span = daily.slice(-days);
        return {
          revenue: kopecksToRoubles(span.reduce((sum, day) => sum + Number(day.kopecks), 0)),
          count: span.reduce((sum, day) => sum + Number(day.count), 0),
        };
      };
      return {
        total: {
          revenue: kopecksToRoubles(
            past.completedKopecks -
              past.refundedKopecks +
              Number(recent?.kopecks ?? 0) -
              Number(recent?.refunded ?? 0),
          ),
          count: past.completed + Number(recent?.count ?? 0),
        },
        today: window(windows.today),
        sevenDays: window(windows.sevenDays),
        fourteenDays: window(windows.fourteenDays),
        thirtyDays: window(windows.thirtyDays),
        daily: daily.map((day) => ({
          date: day.date,
          revenue: kopecksToRoubles(Number(day.kopecks)),
          count: Number(day.count),
        })),
        timeZone: zone,
      };
    },

    /** Paid top-ups per day of the last 30, newest first; days without any are left out. */
    async payments(): Promise<PaymentStats> {
      const days = await rows<{ date: string; count: string; kopecks: string }>(
        db,
        sql`select to_char((paid_at at time zone ${zone})::date, 'YYYY-MM-DD') as date,
                   count(*) as count, sum(amount_kopecks) as kopecks
            from payments
            where status = 'paid' and paid_at >= ${dayStart(zone, STATS_DAYS - 1)}
            group by 1 order by 1 desc`,
      );
      return days.map((day) => ({
        date: day.date,
        count: Number(day.count),
        paymentCount: Number(day.count),
        totalAmount: kopecksToRoubles(Number(day.kopecks)),
      }));
    },

    /**
     * Counts for the cards: users (and today's), orders (and today's, and those whose delivery is
     * not finished yet), servers, products.
     */
    async counts() {
      const past = await history();
      const [row] = await rows<Record<string, string>>(
        db,
        sql`select
              (select count(*) from users) as total_users,
              (select count(*) from users where joined_at >= ${dayStart(zone, 0)}) as today_users,
              (select count(*) from orders where created_at >= ${past.cutoff.toISOString()}) as recent_orders,
              (select count(*) from orders where created_at >= ${dayStart(zone, 0)}) as today_orders,
              (select count(*) from orders where status = 'pending') as pending_orders,
              (select count(*) from servers) as total_servers,
              (select count(*) from servers
                where link_status = 'online' and status_override is null) as active_servers,
              (select count(*) from products) as total_products`,
      );
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        totalUsers: n('total_users'),
        todayUsers: n('today_users'),
        totalOrders: past.orders + n('recent_orders'),
        todayOrders: n('today_orders'),
        pendingOrders: n('pending_orders'),
        totalServers: n('total_servers'),
        activeServers: n('active_servers'),
        totalProducts: n('total_products'),
      };
    },
  };
}
