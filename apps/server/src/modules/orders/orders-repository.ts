import { kopecksToRoubles, type Order, type ReceivedGift } from '@shop/shared';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { orderItems, orders, products, servers, users } from '../../db/schema/index';
import { pictureOf, type ItemIconOf } from '../catalog/item-icons';
import {
  createDeliveryRepository,
  shownDelivery,
  type DeliveryJobRow,
} from '../delivery/delivery-repository';

type OrderRow = typeof orders.$inferSelect;

/** A gift's recipient beside the buyer in one query. */
const recipients = alias(users, 'recipients');

/** The order's delivery in one line: the least advanced job decides, with its reason. */
function deliverySummary(jobs: DeliveryJobRow[]): Order['delivery'] {
  const rank = { failed: 0, pending: 1, sending: 2, cancelled: 3, delivered: 4 } as const;
  const shown = jobs.map((job) => ({ ...shownDelivery(job), method: job.method }));
  const worst = shown.sort((a, b) => rank[a.status] - rank[b.status])[0];
  return {
    status: worst?.status ?? 'delivered',
    reason: worst?.reason ?? null,
    method: (worst?.method ?? 'rcon') as Order['delivery']['method'],
  };
}

/** Jobs of an order that gave something: delivered ones, and refunded ones that had begun. */
const givenSome = (orderId: string) => sql`
  select 1 from delivery_jobs where order_id = ${orderId}
    and (status = 'delivered' or (status = 'cancelled' and (progress > 0 or given_amount > 0)))`;

export function createOrdersRepository(db: Db) {
  /** The lines of these orders, each with its product's game item and category for its picture. */
  const linesOf = (orderIds: string[]) =>
    db
      .select({
        orderId: orderItems.orderId,
        productId: orderItems.productId,
        name: orderItems.name,
        quantity: orderItems.quantity,
        image: orderItems.image,
        gameItemId: products.gameItemId,
        category: products.category,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(orderItems.id);

  async function toOrders(
    rows: Array<{
      order: OrderRow;
      username: string;
      serverName: string | null;
      recipient: { steamId: string; name: string } | null;
    }>,
    iconOf: ItemIconOf,
  ) {
    const ids = rows.map((row) => row.order.id);
    const items = ids.length ? await linesOf(ids) : [];
    const jobs = await createDeliveryRepository(db).listForOrders(ids);
    return rows.map(({ order, username, serverName, recipient }): Order => ({
      id: order.id,
      createdAt: order.createdAt.toISOString(),
      date: order.createdAt.toISOString(),
      userId: order.userId,
      username,
      total: kopecksToRoubles(order.totalKopecks),
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          name: item.name,
          quantity: item.quantity,
          image: pictureOf(item.image, item.gameItemId, iconOf),
          category: item.category,
          productId: item.productId,
        })),
      serverId: order.serverId,
      serverName,
      gift: recipient
        ? { steamId: recipient.steamId, name: recipient.name, message: order.giftMessage }
        : null,
      status: order.status as Order['status'],
      isDelivered: order.isDelivered,
      delivery: deliverySummary(jobs.filter((job) => job.orderId === order.id)),
      deliveries: jobs
        .filter((job) => job.orderId === order.id)
        .map((job) => ({ id: job.id, itemName: job.payload.itemName, ...shownDelivery(job) })),
    }));
  }

  const withNames = () =>
    db
      .select({
        order: orders,
        username: users.username,
        serverName: servers.name,
        recipient: { steamId: recipients.steamId, name: recipients.username },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(recipients, eq(recipients.id, orders.recipientId))
      .leftJoin(servers, eq(servers.id, orders.serverId));

  return {
    /**
     * A player's orders, newest first, a page at a time: `before` is the last order of the page
     * shown already (by time, then id, so orders of one moment are neither lost nor repeated);
     * an order that is not theirs gives an empty page.
     */
    forUser: async (
      userId: number,
      iconOf: ItemIconOf,
      page: { before?: string | undefined; limit?: number } = {},
    ) =>
      toOrders(
        await withNames()
          .where(
            and(
              eq(orders.userId, userId),
              page.before === undefined
                ? undefined
                : sql`(${orders.createdAt}, ${orders.id}) < (
                    select b.created_at, b.id from orders b
                    where b.id = ${page.before} and b.user_id = ${userId})`,
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(page.limit ?? 100),
        iconOf,
      ),

    /**
     * Settles an order once none of its jobs is open (waiting, being sent, given and not yet saved,
     * or failed): completed and delivered when anything was given, cancelled when everything was
     * refunded. The one rule, used after a delivery and after a refund (`at`: when that happened,
     * if not now, for the demo's history).
     */
    async settle(orderId: string, at?: Date) {
      await db.execute(sql`
        update orders set
          status = case when exists (${givenSome(orderId)}) then 'completed' else 'cancelled' end,
          is_delivered = exists (${givenSome(orderId)}),
          delivered_at = ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`}
        where id = ${orderId} and status = 'pending'
          and not exists (select 1 from delivery_jobs where order_id = ${orderId}
                          and status in ('pending', 'sending', 'given', 'failed'))`);
    },

    /** After jobs finished: settles each order they belong to. */
    async settleOrdersOf(jobs: Array<Pick<DeliveryJobRow, 'orderId'>>) {
      const orderIds = new Set(jobs.map((job) => job.orderId).filter((id) => id !== null));
      for (const orderId of orderIds) await this.settle(orderId);
    },

    /** Gifts a player received, newest first, as «Подарки» shows them. */
    async giftsFor(recipientId: number, iconOf: ItemIconOf, limit = 100): Promise<ReceivedGift[]> {
      const rows = await db
        .select({
          order: orders,
          username: users.username,
          avatar: users.avatar,
          serverName: servers.name,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(servers, eq(servers.id, orders.serverId))
        .where(eq(orders.recipientId, recipientId))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
      const full = await toOrders(
        rows.map((row) => ({ ...row, recipient: null })),
        iconOf,
      );
      return full.map((order, index) => ({
        orderId: order.id,
        createdAt: order.createdAt,
        from: { name: order.username, avatar: rows[index]?.avatar ?? null },
        message: rows[index]?.order.giftMessage ?? null,
        items: order.items,
        serverName: order.serverName,
        delivery: order.delivery,
      }));
    },

    latest: async (iconOf: ItemIconOf, limit = 200) =>
      toOrders(await withNames().orderBy(desc(orders.createdAt)).limit(limit), iconOf),

    /** One user's purchases for the admin, a page at a time, with the totals over all of them. */
    async purchasesOf(userId: number, page: number, pageSize: number) {
      const [totals] = await db
        .select({
          bought: sql<string>`coalesce(sum(${orderItems.totalKopecks}), 0)`,
          lines: count(),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.userId, userId));
      const rows = await db
        .select({ item: orderItems, order: orders })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orderItems.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        totalBought: kopecksToRoubles(Number(totals?.bought ?? 0)),
        totalPurchasesCount: Number(totals?.lines ?? 0),
        page,
        pageSize,
        purchases: rows.map(({ item, order }) => ({
          id: order.id,
          date: order.createdAt.toISOString(),
          productName: item.name,
          quantity: item.quantity,
          price: kopecksToRoubles(item.totalKopecks),
          orderStatus: order.status as Order['status'],
          isDelivered: order.isDelivered,
        })),
      };
    },

    /**
     * The orders with a VIP line a player placed since `since` (for themselves or as a gift),
     * oldest first: what a reversed top-up's VIP revocation looks at.
     */
    async vipOrdersSince(userId: number, since: Date): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select o.id from orders o
            where o.user_id = ${userId} and o.created_at >= ${since.toISOString()}::timestamptz
              and exists (select 1 from order_items i join products p on p.id = i.product_id
                          where i.order_id = o.id and p.vip_tier is not null)
            order by o.created_at`,
      );
      return rows.map((row) => row.id);
    },
  };
}
