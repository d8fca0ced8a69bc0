import type { NotificationEvent } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rub } from './discord-embed';
import { player, type Notice } from './notice';

/** How long a delivery may wait before it counts as stuck. */
export const STUCK_AFTER_MINUTES = 30;

export type Row = Record<string, unknown>;
export const str = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
};
export const date = (value: unknown) => new Date(value as string);
/** An order as the profile and the panel show it: the first 8 of its id. */
export const orderNumber = (id: unknown) => `#${(str(id) ?? '').slice(0, 8)}`;

export interface Context {
  publicUrl: string;
  backupEveryHours: number;
}

/**
 * One kind of shop event the leader's scan reads: the rows that happened in a window (the query)
 * and the notice each becomes, under a key that is the same every time the row is read.
 * `subject`: the player a reply to the notice answers (support messages).
 */
export interface StaffSource {
  name: string;
  event: NotificationEvent;
  query(from: string, to: string, context: Context): SQL;
  notice(row: Row, context: Context): { key: string; notice: Notice; subject?: number };
}

const chatUrl = (publicUrl: string, userId: unknown) =>
  `${publicUrl}/admin?tab=chats&chat=${str(userId)}`;

export const staffSources: StaffSource[] = [
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
    notice: (row) => ({
      key: `order:${str(row.id)}`,
      notice: {
        title: row.recipient ? 'Подарок' : 'Покупка',
        colour: row.recipient ? 'gift' : 'money',
        fields: [
          ['Заказ', orderNumber(row.id)],
          ['Игрок', player(row.buyer)],
          ['Кому', player(row.recipient)],
          ['Товары', str(row.items)],
          ['Сумма', rub(str(row.total_kopecks) ?? 0)],
          ['Сервер', str(row.server)],
        ],
        at: date(row.created_at),
      },
    }),
  },
  {
    name: 'payments',
    event: 'topup',
    query: (from, to) => sql`
      select p.id, p.paid_at, p.amount_kopecks, u.username,
        -- The bonus the ledger credited: a promo or first-top-up part may not have applied.
        (select coalesce(sum(t.amount_kopecks), 0) from transactions t
          where t.payment_id = p.id and t.kind = 'bonus') as bonus
      from payments p join users u on u.id = p.user_id
      where p.status = 'paid' and p.paid_at > ${from} and p.paid_at <= ${to}
      order by p.paid_at limit 200`,
    notice: (row) => ({
      key: `payment:${str(row.id)}`,
      notice: {
        title: 'Пополнение баланса',
        colour: 'money',
        fields: [
          ['Игрок', player(row.username)],
          ['Сумма', rub(str(row.amount_kopecks) ?? 0)],
          ['Бонус', Number(row.bonus) > 0 ? rub(str(row.bonus) ?? 0) : null],
        ],
        at: date(row.paid_at),
      },
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
    notice: (row, { publicUrl }) => ({
      key: `chat:${str(row.id)}`,
      subject: Number(row.conversation_user_id),
      notice: {
        title: 'Сообщение в поддержку',
        colour: 'support',
        fields: [['Игрок', player(row.username)]],
        quote: player(row.text),
        link: { label: 'Открыть чат в панели', url: chatUrl(publicUrl, row.conversation_user_id) },
        at: date(row.created_at),
      },
    }),
  },
  {
    name: 'failed deliveries',
    event: 'delivery_failed',
    query: (from, to) => sql`
      select j.id, j.order_id, j.attempts, j.failed_at, j.last_error,
        j.payload->>'itemName' as item, u.username, coalesce(s.name, 'Неизвестный сервер') as server
      from delivery_jobs j join users u on u.id = j.user_id
      left join servers s on s.id = j.server_id
      where j.status = 'failed' and j.failed_at > ${from} and j.failed_at <= ${to}
      order by j.failed_at limit 200`,
    notice: (row) => ({
      key: `delivery-failed:${str(row.id)}:${str(row.attempts)}`,
      notice: {
        title: 'Выдача не удалась',
        colour: 'problem',
        fields: [
          ['Заказ', row.order_id ? orderNumber(row.order_id) : null],
          ['Игрок', player(row.username)],
          ['Товар', str(row.item)],
          ['Сервер', str(row.server)],
          ['Причина', str(row.last_error)],
        ],
        at: date(row.failed_at),
      },
    }),
  },
  {
    name: 'stuck deliveries',
    event: 'delivery_failed',
    // The window runs STUCK_AFTER_MINUTES behind: a job made then and still not given is stuck.
    query: (from, to) => sql`
      select j.id, j.order_id, j.created_at, j.last_error, j.payload->>'itemName' as item,
        u.username, coalesce(s.name, 'Неизвестный сервер') as server
      from delivery_jobs j join users u on u.id = j.user_id
      left join servers s on s.id = j.server_id
      where j.status in ('pending', 'sending', 'given')
        and j.created_at > ${from}::timestamptz - make_interval(mins => ${STUCK_AFTER_MINUTES})
        and j.created_at <= ${to}::timestamptz - make_interval(mins => ${STUCK_AFTER_MINUTES})
      order by j.created_at limit 200`,
    notice: (row) => ({
      key: `delivery-stuck:${str(row.id)}`,
      notice: {
        title: `Выдача ждёт больше ${STUCK_AFTER_MINUTES} минут`,
        colour: 'problem',
        fields: [
          ['Заказ', row.order_id ? orderNumber(row.order_id) : null],
          ['Игрок', player(row.username)],
          ['Товар', str(row.item)],
          ['Сервер', str(row.server)],
          ['Последняя причина', str(row.last_error)],
        ],
        at: new Date(date(row.created_at).getTime() + STUCK_AFTER_MINUTES * 60_000),
      },
    }),
  },
  {
    name: 'reversals',
    event: 'chargeback',
    query: (from, to) => sql`
      select r.id, r.created_at, r.amount_kopecks, r.source, u.username
      from payment_reversals r join users u on u.id = r.user_id
      where r.created_at > ${from} and r.created_at <= ${to}
      order by r.created_at limit 200`,
    notice: (row) => ({
      key: `reversal:${str(row.id)}`,
      notice: {
        title: 'Пополнение отменено',
        colour: 'reversal',
        fields: [
          ['Игрок', player(row.username)],
          ['Списано', rub(str(row.amount_kopecks) ?? 0)],
          ['Кем', row.source === 'admin' ? 'Администратор' : 'Платёжная система'],
        ],
        at: date(row.created_at),
      },
    }),
  },
  {
    // A top-up refunded in part: the balance stays, the admin decides (the overview lists it).
    name: 'partial refunds',
    event: 'chargeback',
    query: (from, to) => sql`
      select r.payment_id, r.updated_at, r.amount_kopecks, r.refunded_kopecks, r.provider,
        u.username
      from payment_partial_refunds r join users u on u.id = r.user_id
      where r.updated_at > ${from} and r.updated_at <= ${to}
      order by r.updated_at limit 200`,
    notice: (row) => ({
      // A second refund of the same top-up is news again.
      key: `partial-refund:${str(row.payment_id)}:${str(row.refunded_kopecks)}`,
      notice: {
        title: 'Частичный возврат: решите в панели',
        colour: 'reversal',
        fields: [
          ['Игрок', player(row.username)],
          ['Возвращено', rub(str(row.refunded_kopecks) ?? 0)],
          ['Из пополнения', rub(str(row.amount_kopecks) ?? 0)],
        ],
        at: date(row.updated_at),
      },
    }),
  },
  {
    name: 'stale backups',
    event: 'backup_stale',
    // A state, not a row: the newest backup older than two periods, told once per newest backup.
    query: (_from, to, { backupEveryHours }) => sql`
      select coalesce(max(b.id), 0) as id, max(b.taken_at) as taken_at, ${to}::timestamptz as at
      from backups b
      where ${backupEveryHours} > 0
      having max(b.taken_at) < ${to}::timestamptz - make_interval(hours => ${backupEveryHours * 2})`,
    notice: (row, { backupEveryHours }) => ({
      key: `backup-stale:${str(row.id)}`,
      notice: {
        title: 'Резервная копия устарела',
        colour: 'problem',
        fields: [
          ['Последняя', date(row.taken_at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
          ['Ожидается', `каждые ${backupEveryHours} ч`],
        ],
        at: date(row.at),
      },
    }),
  },
];
