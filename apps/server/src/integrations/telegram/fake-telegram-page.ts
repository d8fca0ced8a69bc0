import type { FastifyInstance } from 'fastify';
import type {
  FakeTelegramMessage,
  FakeTelegramState,
  FakeTelegramUser,
} from './fake-telegram-state';

/** The demo's staff group in the stand-in, and the people who can write there or to the bot. */
export const DEMO_STAFF_CHAT = { id: -1001000000001, title: 'Персонал RUSTY' };
export const DEMO_TELEGRAM_PEOPLE: ReadonlyArray<FakeTelegramUser & { role: string }> = [
  { id: 100001, first_name: 'Админ Демо', username: 'demo_admin', role: 'администратор магазина' },
  { id: 100002, first_name: 'Надя', username: 'nadya_solo', role: 'игрок' },
  { id: 100003, first_name: 'Гость', role: 'не привязан к магазину' },
];

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** The bot's HTML as a person reads it: tags gone, entities back, then escaped for this page. */
const readable = (message: FakeTelegramMessage) =>
  escape(
    message.text
      .replace(/<[^>]+>/g, '')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );

const people = (selected = 100001) =>
  DEMO_TELEGRAM_PEOPLE.map(
    (p) =>
      `<option value="${p.id}"${p.id === selected ? ' selected' : ''}>${escape(p.first_name)} (${escape(p.role)})</option>`,
  ).join('');

function messageHtml(message: FakeTelegramMessage, action: string, chatId: number) {
  const who = message.from.is_bot ? 'Бот магазина' : message.from.first_name;
  const quoted = message.reply_to_message
    ? `<div style="border-left:3px solid #888;padding-left:6px;color:#666">в ответ на: ${readable(message.reply_to_message).slice(0, 80)}</div>`
    : '';
  const reply = message.from.is_bot
    ? `<form method="post" action="${action}" style="margin-top:6px"><input type="hidden" name="chat" value="${chatId}"><input type="hidden" name="replyTo" value="${message.message_id}"><select name="from" aria-label="Кто отвечает">${people()}</select> <input name="text" required placeholder="Ответить…" aria-label="Ответ на сообщение ${message.message_id}"> <button>Ответить</button></form>`
    : '';
  return `<li style="margin:8px 0;padding:8px;border:1px solid #ddd;border-radius:8px"><b>${escape(who)}</b>${quoted}<div style="white-space:pre-wrap">${readable(message)}</div>${reply}</li>`;
}

/**
 * Not Telegram's: the demo's window onto its Telegram stand-in. The staff group with the shop's
 * notifications, where a simulated member replies to one (as the demo admin, whose Telegram the
 * demo links, or as someone else) or writes /chats; each person's private chat with the bot (news,
 * /balance, /orders); and the page a deep link t.me/<bot>?start=<code> opens.
 */
export function registerFakeTelegramPage(
  app: FastifyInstance,
  state: FakeTelegramState,
  prefix: string,
) {
  const page = `${prefix}/chat`;
  state.chat(DEMO_STAFF_CHAT.id, 'supergroup', DEMO_STAFF_CHAT.title);
  const person = (id: unknown) =>
    DEMO_TELEGRAM_PEOPLE.find((p) => p.id === Number(id)) ?? DEMO_TELEGRAM_PEOPLE[0]!;

  app.get(page, async (_request, reply) => {
    const group = state.chat(DEMO_STAFF_CHAT.id);
    const groupHtml = group.messages.map((m) => messageHtml(m, `${page}/say`, group.id)).join('');
    const privateHtml = DEMO_TELEGRAM_PEOPLE.map((p) => {
      const chat = state.chats.get(p.id);
      const lines = (chat?.messages ?? [])
        .slice(-20)
        .map((m) => messageHtml(m, `${page}/say`, p.id))
        .join('');
      return `<section><h3>Личный чат: ${escape(p.first_name)} и бот</h3><ul style="list-style:none;padding:0">${lines}</ul><form method="post" action="${page}/say"><input type="hidden" name="chat" value="${p.id}"><input type="hidden" name="from" value="${p.id}"><input name="text" required placeholder="/balance, /orders, /unlink" aria-label="Сообщение боту от ${escape(p.first_name)}"> <button>Отправить</button></form></section>`;
    }).join('');
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="15"><title>Демо-Telegram</title></head><body style="font-family:sans-serif;max-width:760px;margin:auto;padding:12px"><h1>Демо-Telegram: бот @${escape(state.bot.username)}</h1><p>Так выглядит Telegram персонала: сюда приходят уведомления магазина. Ответьте на уведомление о сообщении в поддержку от имени «Админ Демо» — ответ появится у игрока в чате на сайте.</p><h2>Группа «${escape(DEMO_STAFF_CHAT.title)}»</h2><ul style="list-style:none;padding:0">${groupHtml || '<li>Пока пусто: купите что-нибудь или напишите в поддержку на сайте.</li>'}</ul><form method="post" action="${page}/say"><input type="hidden" name="chat" value="${DEMO_STAFF_CHAT.id}"><select name="from" aria-label="Кто пишет">${people()}</select> <input name="text" required value="/chats" aria-label="Сообщение в группу"> <button>Написать в группу</button></form>${privateHtml}</body></html>`,
      );
  });

  app.post<{ Body: { chat?: string; from?: string; text?: string; replyTo?: string } }>(
    `${page}/say`,
    async (request, reply) => {
      const text = String(request.body?.text ?? '').slice(0, 2000);
      if (text.trim()) {
        state.userSays({
          from: person(request.body.from),
          // No chat named: the person's private chat with the bot (a deep link's /start).
          chatId: Number(request.body.chat) || person(request.body.from).id,
          text,
          ...(request.body.replyTo ? { replyTo: Number(request.body.replyTo) } : {}),
        });
      }
      return reply.redirect(page, 303);
    },
  );

  // What t.me/<bot>?start=<code> opens: the person chooses who they are and presses «Start».
  app.get<{ Params: { bot: string }; Querystring: { start?: string } }>(
    `${page}/:bot`,
    async (request, reply) => {
      const code = String(request.query.start ?? '').replace(/[^A-Za-z0-9_-]/g, '');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Демо-Telegram</title></head><body style="font-family:sans-serif;max-width:760px;margin:auto;padding:12px"><h1>Бот @${escape(state.bot.username)}</h1><p>В настоящем Telegram здесь открылся бы чат с ботом и кнопка «Start».</p><form method="post" action="${page}/say"><input type="hidden" name="text" value="/start ${code}"><label>Ваш Telegram: <select name="from">${people(100002)}</select></label><button>Start</button></form></body></html>`,
        );
    },
  );
}
