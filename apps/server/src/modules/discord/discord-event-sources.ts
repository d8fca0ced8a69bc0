import type { DiscordEvent } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import { embedMessage, rub } from './discord-embeds';

/** How long a delivery may wait before it counts as stuck. */
export const STUCK_AFTER_MINUTES = 30;

type Row = Record<string, unknown>;
const str = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
};
const date = (value: unknown) => new Date(value as string);

/**
 * One kind of shop event the scan reads: the rows that happened in a window (the query) and the
 * message each becomes, under a key that is the same every time the row is read.
 */
export interface EventSource {
  name: string;
  event: DiscordEvent;
  query(from: string, to: string): SQL;
  message(
    row: Row,
    context: { publicUrl: string },
  ): {
    key: string;
    at: Date;
    body: RESTPostAPIWebhookWithTokenJSONBody;
  };
}

export const eventSources: EventSource[] = [
  {
    name: 'orders',
    event: 'purchase',
    query: (from, to) => sql`
      select o.id, o.created_at, o.total_kopecks, b.username as buyer, r.username as recipient,
        coalesce(s.name, 'Неизвестный сервер') as server,
        (select string_agg(oi.name || ' ×' || oi.quantity, ', ' order by oi.id)
           from order_items oi where oi.order_id = o.id) as items
      from orders o join users b on b.id = o.user_id
      left join users r on r.id = o.recipient_id
      left join servers s on s.id = o.server_id
      where o.created_at > ${from} and o.created_at <= ${to}
      order by o.created_at limit 200`,
    message: (row) => ({
      key: `order:${str(row.id)}`,
      at: date(row.created_at),
      body: embedMessage({
        title: row.recipient ? 'Подарок' : 'Покупка',
        colour: row.recipient ? 'gift' : 'money',
        fields: [
          ['Игрок', str(row.buyer)],
          ['Кому', str(row.recipient)],
          ['Сумма', rub(str(row.total_kopecks) ?? 0)],
          ['Сервер', str(row.server)],
          ['Товары', str(row.items), false],
        ],
        at: date(row.created_at),
      }),
    }),
  },
  {
    name: 'payments',
    event: 'topup',
    query: (from, to) => sql`
      select p.id, p.paid_at, p.amount_kopecks, p.bonus_kopecks + p.promo_bonus_kopecks as bonus,
        u.username
      from payments p join users u on u.id = p.user_id
      where p.status = 'paid' and p.paid_at > ${from} and p.paid_at <= ${to}
      order by p.paid_at limit 200`,
    message: (row) => ({
      key: `payment:${str(row.id)}`,
      at: date(row.paid_at),
      body: embedMessage({
        title: 'Пополнение баланса',
        colour: 'money',
        fields: [
          ['Игрок', str(row.username)],
          ['Сумма', rub(str(row.amount_kopecks) ?? 0)],
          ['Бонус', Number(row.bonus) > 0 ? rub(str(row.bonus) ?? 0) : null],
        ],
        at: date(row.paid_at),
      }),
    }),
  },
  {
    name: 'chat',
    event: 'support',
    query: (from, to) => sql`
      select m.id, m.created_at, m.text, m.conversation_user_id, u.username
      from chat_messages m join users u on u.id = m.author_id
      where not m.is_admin and m.created_at > ${from} and m.created_at <= ${to}
      order by m.created_at limit 200`,
    message: (row, { publicUrl }) => {
      const url = `${publicUrl}/admin?tab=chats&chat=${str(row.conversation_user_id)}`;
      return {
        key: `chat:${str(row.id)}`,
        at: date(row.created_at),
        body: embedMessage({
          title: `Новое сообщение в поддержку от ${str(row.username)}`,
          colour: 'support',
          description: str(row.text)?.slice(0, 500),
          url,
          fields: [['Ответить', `[Открыть чат в панели](${url})`, false]],
          at: date(row.created_at),
        }),
      };
    },
  },
  {
    name: 'failed deliveries',
    event: 'delivery',
    query: (from, to) => sql`
      select j.id, j.attempts, j.failed_at, j.last_error, j.payload->>'itemName' as item,
        u.username, coalesce(s.name, 'Неизвестный сервер') as server
      from delivery_jobs j join users u on u.id = j.user_id
      left join servers s on s.id = j.server_id
      where j.status = 'failed' and j.failed_at > ${from} and j.failed_at <= ${to}
      order by j.failed_at limit 200`,
    message: (row) => ({
      key: `delivery-failed:${str(row.id)}:${str(row.attempts)}`,
      at: date(row.failed_at),
      body: embedMessage({
        title: 'Выдача не удалась',
        colour: 'problem',
        fields: [
          ['Игрок', str(row.username)],
          ['Товар', str(row.item)],
          ['Сервер', str(row.server)],
          ['Причина', str(row.last_error), false],
        ],
        at: date(row.failed_at),
      }),
    }),
  },
  {
    name: 'stuck deliveries',
    event: 'delivery',
    // The window runs STUCK_AFTER_MINUTES behind: a job made then and still not given is stuck.
    query: (from, to) => sql`
      select j.id, j.created_at, j.last_error, j.payload->>'itemName' as item, u.username,
        coalesce(s.name, 'Неизвестный сервер') as server
      from delivery_jobs j join users u on u.id = j.user_id
      left join servers s on s.id = j.server_id
      where j.status in ('pending', 'sending', 'given')
        and j.created_at > ${from}::timestamptz - make_interval(mins => ${STUCK_AFTER_MINUTES})
        and j.created_at <= ${to}::timestamptz - make_interval(mins => ${STUCK_AFTER_MINUTES})
      order by j.created_at limit 200`,
    message: (row) => ({
      key: `delivery-stuck:${str(row.id)}`,
      at: new Date(date(row.created_at).getTime() + STUCK_AFTER_MINUTES * 60_000),
      body: embedMessage({
        title: `Выдача ждёт больше ${STUCK_AFTER_MINUTES} минут`,
        colour: 'problem',
        fields: [
          ['Игрок', str(row.username)],
          ['Товар', str(row.item)],
          ['Сервер', str(row.server)],
          ['Последняя причина', str(row.last_error), false],
        ],
        at: new Date(),
      }),
    }),
  },
  {
    name: 'wipes',
    event: 'wipe',
    query: (from, to) => sql`
      select w.id, w.recorded_at, w.wiped_at, w.map, s.name as server
      from server_wipes w join servers s on s.id = w.server_id
      where w.source = 'detected' and w.recorded_at > ${from} and w.recorded_at <= ${to}
      order by w.recorded_at limit 200`,
    message: (row) => ({
      key: `wipe:${str(row.id)}`,
      at: date(row.recorded_at),
      body: embedMessage({
        title: `Вайп на сервере ${str(row.server)}`,
        colour: 'wipe',
        fields: [
          ['Карта', str(row.map)],
          ['Мир создан', date(row.wiped_at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
        ],
        at: date(row.recorded_at),
      }),
    }),
  },
  {
    name: 'reversals',
    event: 'reversal',
    query: (from, to) => sql`
      select r.id, r.created_at, r.amount_kopecks, r.source, u.username
      from payment_reversals r join users u on u.id = r.user_id
      where r.created_at > ${from} and r.created_at <= ${to}
      order by r.created_at limit 200`,
    message: (row) => ({
      key: `reversal:${str(row.id)}`,
      at: date(row.created_at),
      body: embedMessage({
        title: 'Пополнение отменено',
        colour: 'reversal',
        fields: [
          ['Игрок', str(row.username)],
          ['Списано', rub(str(row.amount_kopecks) ?? 0)],
          ['Кем', row.source === 'admin' ? 'Администратор' : 'Платёжная система'],
        ],
        at: date(row.created_at),
      }),
    }),
  },
];
