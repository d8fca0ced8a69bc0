import type {
  NotificationChannel,
  NotificationDestination,
  NotificationEvent,
  NotificationOutboxItem,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { maskedWebhookUrl, parseWebhookUrl } from '../../integrations/discord/discord-webhook-url';
import { parseTelegramTarget } from '../../integrations/telegram/telegram-api';
import { isVkPeer } from '../../integrations/vk/vk-api';
import { previewOf } from './notice';

export const DESTINATION_MESSAGES = {
  telegramTarget:
    'Чат Telegram: числовой id чата (у групп он начинается с -100), @имя канала, а для темы форума — id/номер темы, например -1001234567890/42',
  vkTarget: 'Беседа ВКонтакте: peer_id — число, у бесед 2000000000 + номер беседы',
  discordTarget:
    'Адрес вебхука Discord: https://discord.com/api/webhooks/<id>/<токен> (Настройки канала → Интеграции → Вебхуки)',
  duplicate: 'Этот чат уже добавлен для этого канала',
  notFound: 'Получатель не найден',
  telegramOff: 'Telegram не настроен: задайте TELEGRAM_BOT_TOKEN и TELEGRAM_BOT_USERNAME',
  vkOff: 'ВКонтакте не настроен: задайте VK_GROUP_TOKEN',
} as const;

/** The target as stored, or the Russian reason it is refused. */
export function normaliseTarget(
  channel: NotificationChannel,
  target: string,
  discordStandIns: string[],
): { target: string } | { error: string } {
  const text = target.trim();
  if (channel === 'telegram') {
    return parseTelegramTarget(text)
      ? { target: text }
      : { error: DESTINATION_MESSAGES.telegramTarget };
  }
  if (channel === 'vk')
    return isVkPeer(text) ? { target: text } : { error: DESTINATION_MESSAGES.vkTarget };
  return parseWebhookUrl(text, discordStandIns)
    ? { target: text }
    : { error: DESTINATION_MESSAGES.discordTarget };
}

type DestinationRow = {
  id: number;
  channel: NotificationChannel;
  target: string;
  name: string;
  events: NotificationEvent[];
  last_error: string | null;
  last_error_at: Date | string | null;
  last_sent_at: Date | string | null;
  created_at: Date | string;
  pending: number;
  dead: number;
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** What the panel shows: a Discord webhook without its token. */
export function toDestinationView(row: DestinationRow): NotificationDestination {
  const hook = row.channel === 'discord' ? /\/webhooks\/(\d+)\//.exec(row.target) : null;
  return {
    id: row.id,
    channel: row.channel,
    target: hook ? maskedWebhookUrl({ id: hook[1]! }) : row.target,
    name: row.name,
    events: row.events,
    pending: row.pending,
    dead: row.dead,
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
    lastSentAt: iso(row.last_sent_at),
    createdAt: iso(row.created_at)!,
  };
}

/** The notifications module's destinations: written only here. */
export function createDestinations(db: Db) {
  const select = (where = sql`true`) =>
    queryRows<DestinationRow>(
      db,
      sql`select d.*,
        (select count(*)::int from notification_outbox o where o.destination_id = d.id and o.status = 'pending') as pending,
        (select count(*)::int from notification_outbox o where o.destination_id = d.id and o.status = 'dead') as dead
      from notification_destinations d where ${where} order by d.id`,
    );
  return {
    list: async () => (await select()).map(toDestinationView),
    find: async (id: number) => (await select(sql`d.id = ${id}`))[0],

    /** Undefined when the same chat is already there for that channel. */
    async create(input: {
      channel: NotificationChannel;
      target: string;
      name: string;
      events: string[];
    }) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into notification_destinations (channel, target, name, events)
            values (${input.channel}, ${input.target}, ${input.name},
              array(select jsonb_array_elements_text(${JSON.stringify(input.events)}::jsonb)))
            on conflict (channel, target) do nothing returning id`,
      );
      return row ? (await select(sql`d.id = ${row.id}`))[0] : undefined;
    },

    /** Removed with its unsent and dead messages. */
    async remove(id: number) {
      const [row] = await select(sql`d.id = ${id}`);
      if (row) await db.execute(sql`delete from notification_destinations where id = ${id}`);
      return row;
    },

    /** The newest messages (dead letters first), for the panel. */
    async outbox(limit = 50): Promise<NotificationOutboxItem[]> {
      const rows = await queryRows<{
        id: number;
        channel: NotificationChannel;
        destination_id: number | null;
        event: string;
        status: NotificationOutboxItem['status'];
        attempts: number;
        last_error: string | null;
        created_at: Date | string;
        next_attempt_at: Date | string;
        payload: unknown;
      }>(
        db,
        sql`select id, channel, destination_id, event, status, attempts, last_error, created_at,
              next_attempt_at, payload
            from notification_outbox
            order by (status = 'dead') desc, (status = 'pending') desc, id desc limit ${limit}`,
      );
      return rows.map((row) => ({
        // A bigint: PostgreSQL's driver hands it over as a string.
        id: Number(row.id),
        channel: row.channel,
        destinationId: row.destination_id,
        event: row.event,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: iso(row.created_at)!,
        nextAttemptAt: iso(row.next_attempt_at)!,
        preview: previewOf(row.channel, row.payload).slice(0, 500),
      }));
    },

    async counts() {
      const rows = await queryRows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from notification_outbox group by status`,
      );
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { pending: of('pending'), dead: of('dead'), sent: of('sent') };
    },

    /** A dead letter sent again: due now, its refusals forgiven. False when it is not dead. */
    async retry(id: number): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update notification_outbox set status = 'pending', refusals = 0, next_attempt_at = now()
            where id = ${id} and status = 'dead' returning id`,
      );
      return rows.length === 1;
    },
  };
}
