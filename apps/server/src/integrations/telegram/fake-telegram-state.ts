/** A Telegram account in the stand-in: a person who writes to the bot or in a group. */
export interface FakeTelegramUser {
  id: number;
  first_name: string;
  username?: string;
}

export interface FakeTelegramMessage {
  message_id: number;
  chat: { id: number; type: 'private' | 'group' | 'supergroup'; title?: string };
  from: FakeTelegramUser & { is_bot: boolean };
  date: number;
  text: string;
  message_thread_id?: number;
  entities?: Array<{ type: string; offset: number; length: number }>;
  reply_to_message?: FakeTelegramMessage;
  /** Not Telegram's: what the bot asked for, so tests can read it as sent. */
  parse_mode?: string;
}

/** A failure the stand-in answers the next sendMessage to a chat with, as Telegram words it. */
export type FakeTelegramFailure =
  | { kind: 'retry_after'; seconds: number }
  | { kind: 'blocked' }
  | { kind: 'chat_not_found' }
  | { kind: 'server_error' };

export interface FakeTelegramChat {
  id: number;
  type: 'private' | 'group' | 'supergroup';
  title?: string;
  messages: FakeTelegramMessage[];
  failures: FakeTelegramFailure[];
  /** The person blocked the bot: every send answers 403 until unblocked. */
  blocked: boolean;
}

export type FakeUpdate = { update_id: number; message: FakeTelegramMessage };

export function createFakeTelegramState(settings: { token: string; username: string }) {
  const bot = {
    id: Number(settings.token.split(':')[0]),
    is_bot: true,
    first_name: 'Магазин',
    username: settings.username,
  };
  const chats = new Map<number, FakeTelegramChat>();
  const updates: FakeUpdate[] = [];
  const waiters = new Set<() => void>();
  let nextUpdateId = 500_000;
  let nextMessageId = 1;

  const state = {
    settings,
    bot,
    chats,
    /** Updates not yet confirmed by a getUpdates offset. */
    updates,
    webhook: null as { url: string; secret: string | undefined } | null,
    /** Every method called, in order. */
    calls: [] as string[],
    /** Answers the shop's webhook gave to each update the stand-in posted. */
    webhookAnswers: [] as number[],
    /** 429s answered. */
    limited: 0,
    /** Telegram down: every call answers 502. */
    down: false,
    /** Told of each new update (the webhook's delivery). */
    onUpdate: null as ((update: FakeUpdate) => void) | null,

    chat(
      id: number,
      type: FakeTelegramChat['type'] = id < 0 ? 'supergroup' : 'private',
      title?: string,
    ) {
      let chat = chats.get(id);
      if (!chat) {
        chat = { id, type, title, messages: [], failures: [], blocked: false };
        chats.set(id, chat);
      }
      return chat;
    },

    /** What the bot sent to a chat, as text. */
    sent(chatId: number): FakeTelegramMessage[] {
      return (chats.get(chatId)?.messages ?? []).filter((message) => message.from.is_bot);
    },

    record(
      chat: FakeTelegramChat,
      from: FakeTelegramMessage['from'],
      fields: Partial<FakeTelegramMessage> & { text: string },
    ) {
      const message: FakeTelegramMessage = {
        message_id: nextMessageId++,
        chat: { id: chat.id, type: chat.type, ...(chat.title ? { title: chat.title } : {}) },
        from,
        date: Math.floor(Date.now() / 1000),
        ...fields,
      };
      chat.messages.push(message);
      return message;
    },

    /** A person writes in a chat (a reply when `replyTo` names a message there): a new update. */
    userSays(input: {
      from: FakeTelegramUser;
      chatId: number;
      text: string;
      replyTo?: number;
    }): FakeUpdate {
      const chat = state.chat(input.chatId);
      const replied = input.replyTo
        ? chat.messages.find((message) => message.message_id === input.replyTo)
        : undefined;
      // A command is marked as Telegram marks it: a bot_command entity at the start.
      const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(input.text);
      const message = state.record(
        chat,
        { ...input.from, is_bot: false },
        {
          text: input.text,
          ...(command
            ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }
            : {}),
          ...(replied ? { reply_to_message: replied } : {}),
        },
      );
      const update = { update_id: nextUpdateId++, message };
      updates.push(update);
      for (const wake of waiters) wake();
      state.onUpdate?.(update);
      return update;
    },

    /** Resolves when an update arrives or the time is up (getUpdates' long poll). */
    waitForUpdate(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
      });
    },

    /** Ends every long poll at once (closing the stand-in). */
    wakeAll() {
      for (const wake of [...waiters]) wake();
    },
  };
  return state;
}

export type FakeTelegramState = ReturnType<typeof createFakeTelegramState>;
