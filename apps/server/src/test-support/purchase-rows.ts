import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { ledgerSum } from '../modules/ledger/ledger';
import { queryRows } from './sql';

type Headers = { authorization: string };

/** `POST /api/purchase` as the web app sends it, with an Idempotency-Key when given. */
export const buy = (
  app: FastifyInstance,
  headers: Headers,
  payload: Record<string, unknown>,
  key?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });

/** A purchase that must succeed: the order's id. */
export async function orderOf(
  app: FastifyInstance,
  headers: Headers,
  payload: Record<string, unknown>,
): Promise<string> {
  const reply = await buy(app, headers, payload);
  if (reply.statusCode !== 200) throw new Error(reply.body);
  return reply.json<{ orderId: string }>().orderId;
}

type WrittenCount = 'orders' | 'items' | 'jobs' | 'debits' | 'keys' | 'purchases';

/** What the database holds for a user: every row a purchase writes, and the ledger's sum. */
export async function purchaseRows(db: Db, userId: number) {
  const [row] = await queryRows<Record<WrittenCount, number> & { balance: string }>(
    db,
    sql`select
      (select balance_kopecks from users where id = ${userId}) as balance,
      (select count(*) from orders where user_id = ${userId})::int as orders,
      (select count(*) from order_items i join orders o on o.id = i.order_id
        where o.user_id = ${userId})::int as items,
      (select count(*) from delivery_jobs where user_id = ${userId})::int as jobs,
      (select count(*) from transactions where user_id = ${userId} and kind = 'purchase')::int
        as debits,
      (select count(*) from idempotency_keys where user_id = ${userId})::int as keys,
      (select purchases_count from users where id = ${userId}) as purchases`,
  );
  return { ...row, balance: Number(row?.balance), ledger: await ledgerSum(db, userId) };
}
