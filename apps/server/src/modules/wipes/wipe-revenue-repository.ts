import { kopecksToRoubles, type WipePeriod } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

const TOP_PRODUCTS = 5;

/**
 * A server's wipe periods, from each wipe to the next (the last runs to now), and the paid orders
 * of the server placed in each. Revenue is counted as the overview counts it: every paid order
 * (pending or completed) from the moment it was placed, less what was refunded of it; an order
 * refunded in full is cancelled and counts for nothing.
 */
const periodOrders = (serverId: number) => sql`
  periods as (
    select wiped_at as started_at, lead(wiped_at) over (order by wiped_at) as ended_at
    from server_wipes where server_id = ${serverId}),
  paid as (
    select p.started_at, o.id, o.total_kopecks
    from periods p
    join orders o on o.server_id = ${serverId} and o.status in ('pending', 'completed')
      and o.created_at >= p.started_at and (p.ended_at is null or o.created_at < p.ended_at)),
  refunds as (
    select t.order_id, sum(t.amount_kopecks) as kopecks
    from transactions t join paid on paid.id = t.order_id
    where t.kind = 'refund' group by t.order_id)`;

interface PeriodRow {
  started_at: Date | string;
  ended_at: Date | string | null;
  orders: string | number;
  kopecks: string | number;
}

interface ProductRow {
  started_at: Date | string;
  product_id: number;
  name: string;
  quantity: string | number;
  kopecks: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** Sums come back as numeric text; they are whole kopecks. */
const roubles = (kopecks: string | number) => kopecksToRoubles(Math.round(Number(kopecks)));

export function createWipeRevenueRepository(db: Db) {
  return {
    /** Newest period first, the running one (endedAt null) at the head. */
    async periods(serverId: number): Promise<WipePeriod[]> {
      const periods = await queryRows<PeriodRow>(
        db,
        sql`with ${periodOrders(serverId)}
            select p.started_at, p.ended_at, count(paid.id) as orders,
              coalesce(sum(paid.total_kopecks), 0) - coalesce(sum(r.kopecks), 0) as kopecks
            from periods p
            left join paid on paid.started_at = p.started_at
            left join refunds r on r.order_id = paid.id
            group by p.started_at, p.ended_at
            order by p.started_at desc`,
      );
      // A product's share of an order's refund: the refund is spread over the order's lines whose
      // delivery the refund cancelled (over all its lines if none is marked), by their totals.
      const products = await queryRows<ProductRow>(
        db,
        sql`with ${periodOrders(serverId)},
            lines as (
              select paid.started_at, oi.order_id, oi.product_id, oi.quantity, oi.total_kopecks,
                exists (select 1 from delivery_jobs j
                        where j.order_item_id = oi.id and j.status = 'cancelled') as cancelled
              from paid join order_items oi on oi.order_id = paid.id),
            bases as (
              select order_id, sum(total_kopecks) as every_line,
                coalesce(sum(total_kopecks) filter (where cancelled), 0) as cancelled_lines
              from lines group by order_id),
            earned as (
              select l.started_at, l.product_id, l.quantity,
                l.total_kopecks - coalesce(round(case
                  when b.cancelled_lines > 0 then
                    case when l.cancelled then r.kopecks * l.total_kopecks / b.cancelled_lines else 0 end
                  else r.kopecks * l.total_kopecks / nullif(b.every_line, 0) end), 0) as kopecks
              from lines l join bases b on b.order_id = l.order_id
              left join refunds r on r.order_id = l.order_id),
            totals as (
              select started_at, product_id, sum(quantity) as quantity, sum(kopecks) as kopecks,
                row_number() over (partition by started_at
                                   order by sum(kopecks) desc, product_id) as place
              from earned group by started_at, product_id
              -- A product refunded in full earned nothing in the period: it is no top product.
              having sum(kopecks) > 0)
            select t.started_at, t.product_id, pr.name, t.quantity, t.kopecks
            from totals t join products pr on pr.id = t.product_id
            where t.place <= ${TOP_PRODUCTS}
            order by t.started_at, t.place`,
      );
      return periods.map((period) => ({
        startedAt: iso(period.started_at),
        endedAt: period.ended_at === null ? null : iso(period.ended_at),
        revenue: roubles(period.kopecks),
        orders: Number(period.orders),
        topProducts: products
          .filter((product) => iso(product.started_at) === iso(period.started_at))
          .map((product) => ({
            productId: product.product_id,
            name: product.name,
            revenue: roubles(product.kopecks),
            quantity: Number(product.quantity),
          })),
      }));
    },
  };
}
