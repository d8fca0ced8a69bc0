import { Api, GrammyError, HttpError } from 'grammy';
import type { TelegramConfig } from '../../config-messengers';

/** How a send went wrong, for the outbox: try again (when), or the chat refuses us. */
export interface SendFailure {
  retry: boolean;
  /** The API's own wait (Telegram's parameters.retry_after), in seconds. */
  retryAfterS: number | null;
  /** For the panel: never the token or the address with it. */
  message: string;
}

/**
 * The Bot API through grammY: `${TELEGRAM_API_URL}/bot<token>/<method>`. Requests time out after
 * 40 s: longer than getUpdates' 25-second long poll, well before the outbox's 60-second lease
 * (grammY's own default would wait 500 s).
 */
export function createTelegramApi(config: TelegramConfig): Api | null {
  if (!config.token) return null;
  return new Api(config.token, { apiRoot: config.apiUrl, timeoutSeconds: 40 });
}

/**
 * Telegram's answers as the outbox treats them (https://core.telegram.org/bots/api#making-requests,
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): 429 carries
 * `parameters.retry_after`; 5xx and a network failure pass; 403 («bot was blocked by the user»,
 * «bot was kicked») and 400 («chat not found») are the chat refusing us, which retrying will not
 * change.
 */
export function telegramFailure(error: unknown): SendFailure {
  if (error instanceof GrammyError) {
    const message = `Telegram ${error.error_code}: ${error.description}`;
    if (error.error_code === 429) {
      return { retry: true, retryAfterS: error.parameters.retry_after ?? 5, message };
    }
    return { retry: error.error_code >= 500, retryAfterS: null, message };
  }
  if (error instanceof HttpError) {
    return { retry: true, retryAfterS: null, message: 'Telegram недоступен (сеть)' };
  }
  return { retry: true, retryAfterS: null, message: 'Telegram: неизвестная ошибка' };
}

/** A destination's target: a chat id or @channel, and a forum topic after a slash. */
export function parseTelegramTarget(target: string): { chatId: string; threadId?: number } | null {
  const match = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})(?:\/(\d{1,10}))?$/.exec(target.trim());
  if (!match) return null;
  return match[2] ? { chatId: match[1]!, threadId: Number(match[2]) } : { chatId: match[1]! };
}
