import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PLAYER_NEWS, type PlayerNews, type TelegramWidget } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/** A Login Widget payload older than this links nothing (it could be a replayed one). */
export const WIDGET_MAX_AGE_S = 24 * 60 * 60;
/** A deep link's code works once within this long. */
export const LINK_CODE_MINUTES = 10;

export const TELEGRAM_LINK_MESSAGES = {
  badHash: 'Подпись Telegram не сходится: войдите через кнопку Telegram ещё раз',
  tooOld: 'Данные входа через Telegram устарели (больше суток): войдите через кнопку ещё раз',
  taken: 'Этот Telegram уже привязан к другому аккаунту магазина',
  off: 'Telegram не настроен в этом магазине',
  codeBad: 'Ссылка для привязки недействительна или уже использована: получите новую в профиле',
  stateBad:
    'Вход через Telegram начат не в этом браузере, устарел или уже использован: нажмите кнопку Telegram ещё раз',
} as const;

/**
 * The Login Widget's check (https://core.telegram.org/widgets/login#checking-authorization): the
 * hash is the hex HMAC-SHA-256 of the fields but `hash`, sorted and joined as key=value lines,
 * keyed by the SHA-256 of the bot's token; and auth_date is recent.
 */
export function checkWidget(
  data: TelegramWidget,
  botToken: string,
  nowS = Math.floor(Date.now() / 1000),
): 'ok' | 'badHash' | 'tooOld' {
  const lines = Object.entries(data)
    .filter(([key, value]) => key !== 'hash' && value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(lines).digest();
  const given = Buffer.from(data.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'badHash';
  if (nowS - data.auth_date > WIDGET_MAX_AGE_S || data.auth_date > nowS + 300) return 'tooOld';
  return 'ok';
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export type LinkRow = {
  user_id: number;
  telegram_id: string;
  username: string | null;
  news: Record<string, boolean>;
  linked_at: Date | string;
};

export const newsOf = (row: Pick<LinkRow, 'news'>) =>
  Object.fromEntries(PLAYER_NEWS.map((news) => [news, row.news[news] ?? true])) as Record<
    PlayerNews,
    boolean
  >;

/** The telegram module's links and one-time codes: written only here. */
export function createTelegramLinks(db: Db) {
  return {
    async byUser(userId: number): Promise<LinkRow | undefined> {
      return (
        await queryRows<LinkRow>(db, sql`select * from telegram_links where user_id = ${userId}`)
      )[0];
    },
    async byTelegram(telegramId: string): Promise<LinkRow | undefined> {
      return (
        await queryRows<LinkRow>(
          db,
          sql`select * from telegram_links where telegram_id = ${telegramId}`,
        )
      )[0];
    },
    async count(): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from telegram_links`,
      );
      return row?.n ?? 0;
    },

    /**
     * Links (or re-links) the account to this Telegram account. False when the Telegram account
     * belongs to another shop account.
     */
    async link(userId: number, telegramId: string, username: string | null): Promise<boolean> {
      const rows = await queryRows<{ user_id: number }>(
        db,
        sql`insert into telegram_links (user_id, telegram_id, username) values (${userId}, ${telegramId}, ${username})
            on conflict (user_id) do update set telegram_id = excluded.telegram_id,
              username = excluded.username, linked_at = now()
            where not exists (select 1 from telegram_links o where o.telegram_id = ${telegramId} and o.user_id <> ${userId})
            returning user_id`,
      ).catch(() => []);
      return rows.length === 1;
    },

    async unlink(where: { userId: number } | { telegramId: string }): Promise<LinkRow | undefined> {
      const condition =
        'userId' in where ? sql`user_id = ${where.userId}` : sql`telegram_id = ${where.telegramId}`;
      return (
        await queryRows<LinkRow>(db, sql`delete from telegram_links where ${condition} returning *`)
      )[0];
    },

    async setNews(userId: number, news: Partial<Record<PlayerNews, boolean>>) {
      await db.execute(sql`update telegram_links set news = news || ${JSON.stringify(news)}::jsonb
        where user_id = ${userId}`);
    },

    /** A fresh one-time code for the deep link; only its hash is kept. */
    async issueCode(userId: number): Promise<{ code: string; expiresAt: Date }> {
      const code = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + LINK_CODE_MINUTES * 60_000);
      await db.execute(
        sql`delete from telegram_link_codes where expires_at < now() or used_at is not null`,
      );
      await db.execute(sql`insert into telegram_link_codes (code_hash, user_id, expires_at)
        values (${hashCode(code)}, ${userId}, ${expiresAt.toISOString()})`);
      return { code, expiresAt };
    },

    /** The account a code was issued to, spending it; undefined when unknown, used or late. */
    async spendCode(code: string): Promise<number | undefined> {
      const [row] = await queryRows<{ user_id: number }>(
        db,
        sql`update telegram_link_codes set used_at = now()
            where code_hash = ${hashCode(code)} and used_at is null and expires_at > now()
              and session_hash is null
            returning user_id`,
      );
      return row?.user_id;
    },
  };
}

export type TelegramLinks = ReturnType<typeof createTelegramLinks>;

/**
 * The Login Widget's states (data-auth-url): kept beside the deep-link codes, told apart by the
 * session they are bound to. Telegram's redirect records who it vouched for; only the session that
 * asked for the state, on the page Telegram sent back, finishes the link, once.
 */
export function createWidgetStates(db: Db) {
  return {
    async issue(userId: number, sessionToken: string): Promise<{ state: string; expiresAt: Date }> {
      const state = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + LINK_CODE_MINUTES * 60_000);
      await db.execute(
        sql`delete from telegram_link_codes where expires_at < now() or used_at is not null`,
      );
      await db.execute(sql`insert into telegram_link_codes (code_hash, user_id, expires_at, session_hash)
        values (${hashCode(state)}, ${userId}, ${expiresAt.toISOString()}, ${hashCode(sessionToken)})`);
      return { state, expiresAt };
    },

    /** Records the account Telegram vouched for; false when the state is unknown, late or vouched. */
    async vouch(state: string, telegramId: string, username: string | null): Promise<boolean> {
      const rows = await queryRows<{ user_id: number }>(
        db,
        sql`update telegram_link_codes set telegram_id = ${telegramId}, telegram_username = ${username}
            where code_hash = ${hashCode(state)} and session_hash is not null
              and telegram_id is null and used_at is null and expires_at > now()
            returning user_id`,
      );
      return rows.length === 1;
    },

    /** Spends a vouched state of this user's session: the Telegram account to link, or undefined. */
    async spend(
      state: string,
      userId: number,
      sessionToken: string,
    ): Promise<{ telegramId: string; username: string | null } | undefined> {
      const [row] = await queryRows<{ telegram_id: string; telegram_username: string | null }>(
        db,
        sql`update telegram_link_codes set used_at = now()
            where code_hash = ${hashCode(state)} and user_id = ${userId}
              and session_hash = ${hashCode(sessionToken)} and telegram_id is not null
              and used_at is null and expires_at > now()
            returning telegram_id, telegram_username`,
      );
      return row ? { telegramId: row.telegram_id, username: row.telegram_username } : undefined;
    },
  };
}
