import type { PlayerNews } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import { player, type Notice } from './notice';
import { date, orderNumber, str, type Row } from './staff-sources';

/** How long before a VIP ends its player is told. */
export const VIP_WARN_DAYS = 3;

/**
 * A player's own news in Telegram: rows in a window, each for a player whose Telegram is linked
 * and who has not switched that news off (a switch never set is on). `telegram_id` is the chat.
 */
export interface PlayerSource {
  name: string;
  news: PlayerNews;
  query(from: string, to: string): SQL;
  notice(row: Row): { key: string; notice: Notice };
}

const wants = (news: PlayerNews) => sql`coalesce((t.news->>${news})::boolean, true)`;

export const playerSources: PlayerSource[] = [
  {
    name: 'player: delivered',
    news: 'delivered',
    query: (from, to) => sql`
      select j.id, j.order_id, j.delivered_at, j.user_id, t.telegram_id,
        j.payload->>'itemName' as item,
        case when j.payload->>'kind' = 'give'
          then (j.payload->>'stackSize')::int * (j.payload->>'stacks')::int end as amount,
        coalesce(s.name, 'сервер') as server
      from delivery_jobs j join telegram_links t on t.user_id = j.user_id
      left join servers s on s.id = j.server_id
      where j.status = 'delivered' and j.order_id is not null and ${wants('delivered')}
        and j.delivered_at > ${from} and j.delivered_at <= ${to}
      order by j.delivered_at limit 500`,
    notice: (row) => ({
      key: `delivered:${str(row.id)}`,
      notice: {
        title: 'Выдано',
        colour: 'money',
        fields: [
          ['Товар', `${str(row.item) ?? 'покупка'}${row.amount ? ` ×${str(row.amount)}` : ''}`],
          ['Сервер', str(row.server)],
          ['Заказ', orderNumber(row.order_id)],
        ],
        at: date(row.delivered_at),
      },
    }),
  },
  {
    name: 'player: gift',
    news: 'gift',
    query: (from, to) => sql`
      select o.id, o.created_at, o.recipient_id as user_id, t.telegram_id, b.username as giver,
        (select string_agg(oi.name || ' ×' || oi.quantity, ', ' order by oi.id)
           from order_items oi where oi.order_id = o.id) as items
      from orders o join telegram_links t on t.user_id = o.recipient_id
      join users b on b.id = o.user_id
      where o.recipient_id is not null and ${wants('gift')}
        and o.created_at > ${from} and o.created_at <= ${to}
      order by o.created_at limit 500`,
    notice: (row) => ({
      key: `gift:${str(row.id)}`,
      notice: {
        title: 'Вам подарок',
        colour: 'gift',
        fields: [
          ['От', player(row.giver)],
          ['Что', str(row.items)],
        ],
        at: date(row.created_at),
      },
    }),
  },
  {
    name: 'player: vip ending',
    news: 'vip_ending',
    // The window runs VIP_WARN_DAYS ahead: a VIP that ends then is told now. Its end is the one
    // the vip module keeps on the player (the running term and the same tier's terms queued after
    // it), not the running term's: a VIP bought twice does not end when its first term does.
    query: (from, to) => sql`
      select u.id as user_id, u.vip_status as tier, u.vip_expires_at as ends_at, t.telegram_id
      from users u join telegram_links t on t.user_id = u.id
      where u.vip_status is not null and ${wants('vip_ending')}
        and u.vip_expires_at > ${from}::timestamptz + make_interval(days => ${VIP_WARN_DAYS})
        and u.vip_expires_at <= ${to}::timestamptz + make_interval(days => ${VIP_WARN_DAYS})
      order by u.vip_expires_at limit 500`,
    notice: (row) => ({
      key: `vip-ending:u${str(row.user_id)}:${date(row.ends_at).getTime()}`,
      notice: {
        title: `VIP закончится через ${VIP_WARN_DAYS} дня`,
        colour: 'wipe',
        fields: [
          ['Статус', str(row.tier)],
          ['До', date(row.ends_at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
        ],
        at: new Date(),
      },
    }),
  },
  {
    name: 'player: support reply',
    news: 'support_reply',
    query: (from, to) => sql`
      select m.id, m.created_at, m.text, m.conversation_user_id as user_id, t.telegram_id
      from chat_messages m join telegram_links t on t.user_id = m.conversation_user_id
      where m.is_admin and ${wants('support_reply')}
        and m.created_at > ${from} and m.created_at <= ${to}
      order by m.created_at limit 500`,
    notice: (row) => ({
      key: `support-reply:${str(row.id)}`,
      notice: {
        title: 'Ответ поддержки',
        colour: 'support',
        fields: [],
        quote: player(row.text),
        at: date(row.created_at),
      },
    }),
  },
];
