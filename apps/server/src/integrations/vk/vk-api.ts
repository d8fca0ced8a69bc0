import type { VkConfig } from '../../config-messengers';
import type { SendFailure } from '../telegram/telegram-api';

/** The API version the calls name (https://dev.vk.com/ru/reference/versions). */
export const VK_API_VERSION = '5.199';

/**
 * VK's errors that pass (https://dev.vk.com/ru/reference/errors): 6 «Too many requests per
 * second», 9 «Flood control», 10 «Internal server error», 1 «Unknown error». Every other code (5
 * a bad token, 7 no right, 917/901 no access to the conversation) is VK refusing us.
 */
const PASSING = new Set([1, 6, 9, 10]);

export class VkError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `messages.send` as a community (https://dev.vk.com/ru/method/messages.send). The token goes in
 * the POST body, never the address. `random_id` makes a repeat of the same message a no-op on
 * VK's side, so a send retried after a lost answer is not shown twice. Links and mentions in the
 * text are not turned into snippets or pings.
 */
export function createVkApi(config: VkConfig) {
  const token = config.token;
  if (!token) return null;
  return {
    async send(peerId: string, message: string, randomId: number): Promise<number> {
      const body = new URLSearchParams({
        peer_id: peerId,
        message,
        random_id: String(randomId),
        disable_mentions: '1',
        dont_parse_links: '1',
        access_token: token,
        v: VK_API_VERSION,
      });
      const reply = await fetch(`${config.apiUrl}/messages.send`, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(20_000),
      });
      if (!reply.ok) throw new VkError(10, `HTTP ${reply.status}`);
      const json = (await reply.json()) as {
        response?: number;
        error?: { error_code: number; error_msg: string };
      };
      if (json.error) throw new VkError(json.error.error_code, json.error.error_msg);
      return json.response ?? 0;
    },
  };
}
export type VkApi = NonNullable<ReturnType<typeof createVkApi>>;

export function vkFailure(error: unknown): SendFailure {
  if (error instanceof VkError) {
    return {
      retry: PASSING.has(error.code),
      retryAfterS: error.code === 6 ? 1 : null,
      message: `ВКонтакте ${error.code}: ${error.message}`,
    };
  }
  return { retry: true, retryAfterS: null, message: 'ВКонтакте недоступен (сеть)' };
}

/** A peer_id: a user's id, or 2000000000 + a conversation's id. */
export const isVkPeer = (target: string) => /^[1-9]\d{0,11}$/.test(target.trim());
