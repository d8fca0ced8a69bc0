import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createFakeTelegramState,
  type FakeTelegramFailure,
  type FakeTelegramState,
  type FakeUpdate,
} from './fake-telegram-state';

export type { FakeTelegramState, FakeTelegramUser } from './fake-telegram-state';

type Params = { token: string; method: string };
type Body = Record<string, unknown>;

/**
 * The Bot API's error answers, worded as Telegram words them
 * (https://core.telegram.org/bots/api#making-requests): `ok: false`, the code, a description, and
 * for a flood wait `parameters.retry_after` in seconds.
 */
function fail(reply: FastifyReply, code: number, description: string, retryAfter?: number) {
  return reply.status(code).send({
    ok: false,
    error_code: code,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  });
}

function failure(reply: FastifyReply, state: FakeTelegramState, next: FakeTelegramFailure) {
  switch (next.kind) {
    case 'retry_after':
      state.limited += 1;
      return fail(reply, 429, `Too Many Requests: retry after ${next.seconds}`, next.seconds);
    case 'blocked':
      return fail(reply, 403, 'Forbidden: bot was blocked by the user');
    case 'chat_not_found':
      return fail(reply, 400, 'Bad Request: chat not found');
    case 'server_error':
      return fail(reply, 502, 'Bad Gateway');
  }
}

/** Posts an update to the registered webhook with its secret, as Telegram does. */
async function deliver(state: FakeTelegramState, update: FakeUpdate) {
  const hook = state.webhook;
  if (!hook) return;
  try {
    const answer = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(hook.secret ? { 'x-telegram-bot-api-secret-token': hook.secret } : {}),
      },
      body: JSON.stringify(update),
    });
    state.webhookAnswers.push(answer.status);
    // Telegram keeps an update until the webhook answers 2xx; this one drops it on success.
    if (answer.ok) state.updates.splice(state.updates.indexOf(update), 1);
  } catch {
    state.webhookAnswers.push(0);
  }
}

/**
 * A stand-in for the Telegram Bot API on `${prefix}/bot<token>/<method>`: getMe, sendMessage (with
 * the failures a chat can answer: 429 with retry_after, 403 blocked, 400 chat not found, 502),
 * setWebhook / deleteWebhook / getWebhookInfo, and getUpdates' long poll with its offset. A person's
 * message (`state.userSays`) becomes an update: posted to the webhook with the secret header when
 * one is set, else kept for getUpdates. Demo mode mounts it inside the shop, tests on loopback.
 */
export function registerFakeTelegram(
  app: FastifyInstance,
  options: { prefix: string; token: string; username: string },
): FakeTelegramState {
  const state = createFakeTelegramState(options);
  state.onUpdate = (update) => void deliver(state, update);

  const methods: Record<string, (body: Body, reply: FastifyReply) => unknown> = {
    getMe: () => state.bot,
    sendMessage(body, reply) {
      const chatId = Number(body.chat_id);
      const chat = state.chats.get(chatId);
      if (!chat) return failure(reply, state, { kind: 'chat_not_found' });
      const next = chat.failures.shift();
      if (next) return failure(reply, state, next);
      if (chat.blocked) return failure(reply, state, { kind: 'blocked' });
      if (typeof body.text !== 'string' || body.text.trim() === '') {
        return fail(reply, 400, 'Bad Request: message text is empty');
      }
      if (body.text.length > 4096) return fail(reply, 400, 'Bad Request: message is too long');
      const replyTo = (body.reply_parameters as { message_id?: number } | undefined)?.message_id;
      return state.record(chat, state.bot, {
        text: body.text,
        ...(typeof body.parse_mode === 'string' ? { parse_mode: body.parse_mode } : {}),
        ...(body.message_thread_id ? { message_thread_id: Number(body.message_thread_id) } : {}),
        ...(replyTo
          ? { reply_to_message: chat.messages.find((m) => m.message_id === replyTo) }
          : {}),
      });
    },
    setWebhook(body, reply) {
      const url = typeof body.url === 'string' ? body.url : '';
      // Telegram takes only https; the stand-in also takes loopback http, where tests listen.
      if (!/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
        return fail(reply, 400, 'Bad Request: bad webhook: HTTPS url must be provided for webhook');
      }
      const secret = typeof body.secret_token === 'string' ? body.secret_token : undefined;
      state.webhook = { url, secret };
      for (const update of [...state.updates]) void deliver(state, update);
      return true;
    },
    deleteWebhook: () => {
      state.webhook = null;
      return true;
    },
    getWebhookInfo: () => ({
      url: state.webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: state.updates.length,
    }),
    async getUpdates(body, reply) {
      if (state.webhook) {
        return fail(
          reply,
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      }
      // An offset confirms every update below it: Telegram forgets them.
      const offset = Number(body.offset ?? 0);
      if (offset) state.updates.splice(0, state.updates.filter((u) => u.update_id < offset).length);
      const waitMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
      if (state.updates.length === 0 && waitMs > 0) await state.waitForUpdate(waitMs);
      return state.updates.slice(0, Number(body.limit ?? 100));
    },
  };

  app.post<{ Params: Params; Body: Body }>(
    `${options.prefix}/bot:token/:method`,
    async (request, reply) => {
      state.calls.push(request.params.method);
      if (state.down) return fail(reply, 502, 'Bad Gateway');
      if (request.params.token !== options.token) return fail(reply, 401, 'Unauthorized');
      const handler = methods[request.params.method];
      if (!handler) return fail(reply, 404, 'Not Found: method not found');
      const result = await handler({ ...(request.query as Body), ...(request.body ?? {}) }, reply);
      if (reply.sent) return reply;
      return { ok: true, result };
    },
  );

  app.addHook('preClose', async () => state.wakeAll());
  return state;
}
