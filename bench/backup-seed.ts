/**
 * History for the backup benchmark, so that a backup has a shop's worth of rows to write: players,
 * orders with their items and ledger rows, written straight in SQL (a purchase and the credit that
 * paid for it, so every balance still equals its ledger).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function seedHistory(
  app: FastifyInstance,
  {
    players,
    orders,
    productId,
    serverId,
  }: { players: number; orders: number; productId: number; serverId: number },
): Promise<void> {
  await app.db.execute(sql`insert into users (steam_id, username)
    select (76561197000000000 + n)::text, 'Игрок ' || n from generate_series(1, ${players}) n`);
  await app.db
    .execute(sql`insert into orders (user_id, server_id, total_kopecks, status, is_delivered,
      created_at, delivered_at)
    select u.id, ${serverId}, 12500, 'completed', true, now() - n * interval '1 minute',
      now() - n * interval '1 minute'
    from generate_series(1, ${orders}) n
    join users u on u.steam_id = (76561197000000000 + 1 + n % ${players})::text`);
  await app.db.execute(sql`insert into order_items (order_id, product_id, name, quantity, stacks,
      price_kopecks, total_kopecks)
    select o.id, ${productId}, 'Дерево', 1000, 1, 12500, 12500 from orders o where o.status = 'completed'`);
  await app.db
    .execute(sql`insert into transactions (user_id, kind, amount_kopecks, description, method,
      order_id, created_at)
    select o.user_id, k.kind, k.sign * 12500, k.description, k.method, o.id, o.created_at
    from orders o cross join (values ('adjustment', 1, 'Пополнение', 'Администратор'),
      ('purchase', -1, 'Покупка: Дерево', 'Баланс')) k(kind, sign, description, method)
    where o.status = 'completed'`);
}
