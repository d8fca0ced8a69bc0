import { kopecksToRoubles } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import type { PlayerData } from './player-data-schema';

/**
 * Everything the shop keeps about one player, as they may ask for it (152-ФЗ art. 14; ASVS 8.3.2):
 * the account, orders with their lines and delivery, gifts received, the ledger, top-ups, promo
 * codes, VIP terms, the support chat, linked messengers and sessions. Reads only. What is not the
 * player's own stays out: session and code hashes, staff accounts behind chat replies, other
 * players' data beyond the name on a gift, and payment providers' internal ids.
 */
export async function collectPlayerData(db: Db, userId: number): Promise<PlayerData | null> {
  const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(db, query);
  const money = (kopecks: unknown) => kopecksToRoubles(Number(kopecks ?? 0));
  // A column as text: the database hands back strings (and numbers for counts); null as empty.
  const text = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint'
        ? value.toString()
        : '';
  const time = (value: unknown) =>
    value instanceof Date
      ? value.toISOString()
      : value
        ? new Date(text(value)).toISOString()
        : null;

  const [account] = await rows<Record<string, unknown>>(sql`
    select steam_id, username, avatar, balance_kopecks, total_spent_kopecks, purchases_count, role,
      vip_status, vip_expires_at, joined_at, last_seen_at
    from users where id = ${userId}`);
  if (!account) return null;

  const orders = await rows<Record<string, unknown>>(sql`
    select o.id, o.created_at, o.delivered_at, o.status, o.total_kopecks, s.name as server,
      r.steam_id as recipient_steam_id, r.username as recipient, o.gift_message,
      coalesce((select json_agg(json_build_object(
          'name', i.name, 'quantity', i.quantity, 'price', i.price_kopecks, 'total', i.total_kopecks,
          'delivery', (select j.status from delivery_jobs j where j.order_item_id = i.id
            order by j.id desc limit 1))
        order by i.id) from order_items i where i.order_id = o.id), '[]') as items
    from orders o
    left join servers s on s.id = o.server_id
    left join users r on r.id = o.recipient_id
    where o.user_id = ${userId} order by o.created_at, o.id`);
  type Line = { name: string; quantity: number; price: number; total: number; delivery: unknown };

  const giftsReceived = await rows<Record<string, unknown>>(sql`
    select o.id, o.created_at, b.username as sender, o.gift_message,
      coalesce((select json_agg(i.name order by i.id) from order_items i where i.order_id = o.id),
        '[]') as items
    from orders o join users b on b.id = o.user_id
    where o.recipient_id = ${userId} and o.user_id <> ${userId} order by o.created_at, o.id`);

  const ledger = await rows<Record<string, unknown>>(sql`
    select id, created_at, kind, amount_kopecks, description, method, status, order_id
    from transactions where user_id = ${userId} order by id`);

  const topUps = await rows<Record<string, unknown>>(sql`
    select id, created_at, paid_at, amount_kopecks, bonus_kopecks, provider, method, status, email
    from payments where user_id = ${userId} order by created_at, id`);

  const promoCodes = await rows<Record<string, unknown>>(sql`
    select p.code, a.created_at from promo_activations a join promocodes p on p.id = a.promocode_id
    where a.user_id = ${userId} order by a.created_at, a.id`);

  const vip = await rows<Record<string, unknown>>(sql`
    select v.tier, s.name as server, v.state, v.days, v.started_at, v.ends_at, v.ended_at,
      v.end_reason
    from vip_periods v left join servers s on s.id = v.server_id
    where v.user_id = ${userId} order by v.created_at, v.id`);

  const chat = await rows<Record<string, unknown>>(sql`
    select created_at, is_admin, text from chat_messages
    where conversation_user_id = ${userId} order by created_at, id`);

  const [telegram] = await rows<Record<string, unknown>>(sql`
    select username, linked_at from telegram_links where user_id = ${userId}`);
  const [discord] = await rows<Record<string, unknown>>(sql`
    select discord_username, linked_at from discord_links where user_id = ${userId}`);

  const sessions = await rows<Record<string, unknown>>(sql`
    select created_at, expires_at, idle_expires_at, revoked_at from sessions
    where user_id = ${userId} order by created_at, id`);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      steamId: text(account.steam_id),
      username: text(account.username),
      avatar: (account.avatar as string | null) ?? null,
      role: text(account.role),
      balance: money(account.balance_kopecks),
      totalSpent: money(account.total_spent_kopecks),
      purchases: Number(account.purchases_count),
      vip: (account.vip_status as string | null) ?? null,
      vipExpiresAt: time(account.vip_expires_at),
      joinedAt: time(account.joined_at),
      lastSeenAt: time(account.last_seen_at),
    },
    orders: orders.map((order) => ({
      id: text(order.id),
      createdAt: time(order.created_at),
      deliveredAt: time(order.delivered_at),
      status: text(order.status),
      server: (order.server as string | null) ?? null,
      total: money(order.total_kopecks),
      giftTo: order.recipient_steam_id
        ? { steamId: text(order.recipient_steam_id), username: text(order.recipient) }
        : null,
      giftMessage: (order.gift_message as string | null) ?? null,
      items: (order.items as Line[]).map((line) => ({
        name: line.name,
        quantity: line.quantity,
        price: money(line.price),
        total: money(line.total),
        delivery: typeof line.delivery === 'string' ? line.delivery : null,
      })),
    })),
    giftsReceived: giftsReceived.map((gift) => ({
      orderId: text(gift.id),
      createdAt: time(gift.created_at),
      from: text(gift.sender),
      message: (gift.gift_message as string | null) ?? null,
      items: gift.items as string[],
    })),
    ledger: ledger.map((row) => ({
      id: Number(row.id),
      createdAt: time(row.created_at),
      kind: text(row.kind),
      amount: money(row.amount_kopecks),
      description: text(row.description),
      method: (row.method as string | null) ?? null,
      status: text(row.status),
      orderId: (row.order_id as string | null) ?? null,
    })),
    topUps: topUps.map((payment) => ({
      id: text(payment.id),
      createdAt: time(payment.created_at),
      paidAt: time(payment.paid_at),
      amount: money(payment.amount_kopecks),
      bonus: money(payment.bonus_kopecks),
      provider: text(payment.provider),
      method: (payment.method as string | null) ?? null,
      status: text(payment.status),
      email: (payment.email as string | null) ?? null,
    })),
    promoCodes: promoCodes.map((row) => ({ code: text(row.code), usedAt: time(row.created_at) })),
    vip: vip.map((term) => ({
      tier: text(term.tier),
      server: (term.server as string | null) ?? null,
      state: text(term.state),
      days: term.days === null ? null : Number(term.days),
      startedAt: time(term.started_at),
      endsAt: time(term.ends_at),
      endedAt: time(term.ended_at),
      endReason: (term.end_reason as string | null) ?? null,
    })),
    supportChat: chat.map((message) => ({
      at: time(message.created_at),
      from: message.is_admin ? ('staff' as const) : ('player' as const),
      text: text(message.text),
    })),
    linked: {
      telegram: telegram
        ? {
            username: (telegram.username as string | null) ?? null,
            linkedAt: time(telegram.linked_at),
          }
        : null,
      discord: discord
        ? { username: text(discord.discord_username), linkedAt: time(discord.linked_at) }
        : null,
    },
    sessions: sessions.map((session) => ({
      createdAt: time(session.created_at),
      expiresAt: time(session.expires_at),
      idleExpiresAt: time(session.idle_expires_at),
      revokedAt: time(session.revoked_at),
    })),
  };
}
