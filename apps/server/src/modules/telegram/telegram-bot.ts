import { formatRoubles, kopecksToRoubles } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Api } from 'grammy';
import type { Message, Update } from 'grammy/types';
import { queryRows } from '../../db/execute';
import { userPermissions } from '../../plugins/permissions';
import { recordAudit } from '../audit/audit-log';
import { openChats, sendStaffReply } from '../chat/chat-service';
import { escapeHtml, telegramInert } from '../notifications/notice-format';
import { findSupportSubject } from '../notifications/support-subjects';
import { createUsersRepository } from '../users/users-repository';
import { createTelegramLinks, TELEGRAM_LINK_MESSAGES } from './telegram-links';

export const BOT_MESSAGES = {
  help:
    'Это бот магазина. Привяжите Telegram в профиле на сайте, и здесь появятся новости о ваших покупках.\n' +
    'Команды: /balance — баланс, /orders — последние заказы, /unlink — отвязать Telegram.',
  notLinked: 'Этот Telegram не привязан к аккаунту магазина. Привяжите его в профиле на сайте.',
  /** `name`: already made inert HTML. */
  linked: (name: string) =>
    `Telegram привязан к аккаунту ${name}. Новости о покупках будут приходить сюда; /unlink отвязывает.`,
  unlinked: 'Telegram отвязан от аккаунта магазина.',
  notStaff:
    'Отвечать игрокам из Telegram может только сотрудник магазина с правом отвечать в чатах, привязавший этот Telegram в профиле.',
  replied: 'Ответ отправлен игроку в чат на сайте.',
  noChats: 'Открытых чатов нет.',
  noOrders: 'Заказов пока нет.',
} as const;

/**
 * What the bot does with an update, each handled once (by its update_id, whether it came by
 * webhook or by polling): /start with a one-time code links the account; /balance, /orders,
 * /unlink for a linked player; /chats for linked staff; and a staff member's reply to a support
 * notification becomes their answer in the player's site chat.
 */
export function createTelegramBot(
  app: FastifyInstance,
  api: Api,
  /** ADMIN_STEAM_IDS: owners whatever their stored role (one not signed in since, too). */
  owners: ReadonlySet<string>,
) {
  const links = createTelegramLinks(app.db);
  const say = (chatId: number, html: string, replyTo?: number) =>
    api.sendMessage(chatId, html, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(replyTo
        ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
        : {}),
    });

  async function staffOf(telegramId: string) {
    const link = await links.byTelegram(telegramId);
    const user = link ? await createUsersRepository(app.db).findById(link.user_id) : undefined;
    if (!user) return undefined;
    return owners.has(user.steamId) || userPermissions(user).includes('chats') ? user : undefined;
  }

  async function command(message: Message, name: string, argument: string) {
    const chatId = message.chat.id;
    const telegramId = String(message.from!.id);
    if (name === 'start' && argument) {
      const userId = await links.spendCode(argument);
      const user = userId ? await createUsersRepository(app.db).findById(userId) : undefined;
      if (!user) return say(chatId, escapeHtml(TELEGRAM_LINK_MESSAGES.codeBad));
      if (!(await links.link(user.id, telegramId, message.from!.username ?? null))) {
        return say(chatId, escapeHtml(TELEGRAM_LINK_MESSAGES.taken));
      }
      return say(chatId, BOT_MESSAGES.linked(telegramInert(user.username)));
    }
    if (name === 'start' || name === 'help') return say(chatId, escapeHtml(BOT_MESSAGES.help));
    // What the owner types into «Сообщество»: this chat's id, and the forum topic's after a slash.
    if (name === 'chatid') {
      const topic = message.is_topic_message ? `/${message.message_thread_id}` : '';
      return say(chatId, `ID этого чата для «Сообщества»: <code>${chatId}${topic}</code>`);
    }
    const link = await links.byTelegram(telegramId);
    if (!link) return say(chatId, escapeHtml(BOT_MESSAGES.notLinked));
    if (name === 'unlink') {
      await links.unlink({ telegramId });
      return say(chatId, escapeHtml(BOT_MESSAGES.unlinked));
    }
    if (name === 'balance') {
      const user = await createUsersRepository(app.db).findById(link.user_id);
      return say(
        chatId,
        `Баланс: <b>${escapeHtml(formatRoubles(kopecksToRoubles(user?.balanceKopecks ?? 0)))}</b>`,
      );
    }
    if (name === 'orders') {
      const orders = await queryRows<{
        id: string;
        created_at: Date | string;
        total_kopecks: number;
        items: string | null;
      }>(
        app.db,
        sql`select o.id, o.created_at, o.total_kopecks,
              (select string_agg(oi.name || ' ×' || oi.quantity, ', ' order by oi.id)
                 from order_items oi where oi.order_id = o.id) as items
            from orders o where o.user_id = ${link.user_id} order by o.created_at desc limit 5`,
      );
      if (orders.length === 0) return say(chatId, escapeHtml(BOT_MESSAGES.noOrders));
      const lines = orders.map(
        (o) =>
          `#${o.id.slice(0, 8)} · ${escapeHtml(o.items ?? '')} · ${escapeHtml(formatRoubles(kopecksToRoubles(Number(o.total_kopecks))))}`,
      );
      return say(chatId, `<b>Последние заказы</b>\n${lines.join('\n')}`);
    }
    if (name === 'chats') {
      if (!(await staffOf(telegramId))) return say(chatId, escapeHtml(BOT_MESSAGES.notStaff));
      const open = await openChats(app.db, 15);
      if (open.length === 0) return say(chatId, escapeHtml(BOT_MESSAGES.noChats));
      const lines = open.map(
        (c) =>
          `${c.status === 'unanswered' ? '🔴' : '🟢'} ${telegramInert(c.username)}: ${telegramInert((c.lastMessage ?? '').slice(0, 80))}`,
      );
      return say(
        chatId,
        `<b>Открытые чаты</b>\n${lines.join('\n')}\nОтветьте на уведомление о сообщении, чтобы ответить игроку.`,
      );
    }
    return say(chatId, escapeHtml(BOT_MESSAGES.help));
  }

  async function reply(message: Message, repliedTo: Message) {
    const subject = await findSupportSubject(
      app.db,
      String(message.chat.id),
      String(repliedTo.message_id),
    );
    if (subject === null) return;
    const staff = await staffOf(String(message.from!.id));
    if (!staff) return say(message.chat.id, escapeHtml(BOT_MESSAGES.notStaff), message.message_id);
    await sendStaffReply(app, staff.id, subject, message.text!.slice(0, 2000));
    await app.db.transaction((tx) =>
      recordAudit(
        tx,
        { id: staff.id, name: staff.username, ip: null },
        {
          action: 'chat.reply.telegram',
          targetType: 'chat',
          targetId: subject,
        },
      ),
    );
    return say(message.chat.id, escapeHtml(BOT_MESSAGES.replied), message.message_id);
  }

  return {
    /** Handles one update; a second delivery of the same update_id does nothing. */
    async handle(update: Update): Promise<void> {
      const fresh = await queryRows<{ update_id: number }>(
        app.db,
        sql`insert into telegram_updates (update_id) values (${update.update_id})
            on conflict do nothing returning update_id`,
      );
      if (fresh.length === 0) return;
      const message = update.message;
      if (!message?.text || !message.from || message.from.is_bot) return;
      const entity = message.entities?.find((e) => e.type === 'bot_command' && e.offset === 0);
      if (entity) {
        const name = message.text.slice(1, entity.length).split('@')[0]!.toLowerCase();
        await command(message, name, message.text.slice(entity.length).trim());
      } else if (message.reply_to_message) {
        await reply(message, message.reply_to_message);
      } else if (message.chat.type === 'private') {
        await say(message.chat.id, escapeHtml(BOT_MESSAGES.help));
      }
    },
  };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;
