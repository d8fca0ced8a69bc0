import { DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import {
  Routes,
  type APIGuildMember,
  type APIUser,
  type RESTPostAPIWebhookWithTokenJSONBody,
  type RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10';

export interface DiscordClientSettings {
  /** API base without the version, e.g. https://discord.com/api. */
  apiUrl: string;
  clientId: string | null;
  clientSecret: string | null;
  botToken: string | null;
  /** Longest wait for a rate limit inside one call; a longer one comes back as DiscordFailure. */
  maxRateLimitWaitMs?: number;
  timeoutMs?: number;
}

/**
 * A call Discord refused or never answered, told without the address (a webhook's carries its
 * token) or anything else secret. `status` null: no answer at all.
 */
export class DiscordFailure extends Error {
  override name = 'DiscordFailure';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | string | null = null,
    /** A rate limit to wait out before the next try. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Discord's error code for a member who is not on the server. */
const UNKNOWN_MEMBER = 10007;

/** Any error of a call as a DiscordFailure, with a message that is safe to log and show. */
export function asFailure(error: unknown): DiscordFailure {
  if (error instanceof DiscordFailure) return error;
  if (error instanceof RateLimitError) {
    return new DiscordFailure(
      `Discord ограничил частоту запросов: повтор через ${Math.ceil(error.retryAfter / 1000)} с`,
      429,
      null,
      error.retryAfter,
    );
  }
  if (error instanceof DiscordAPIError) {
    const raw = error.rawError;
    const text = ('message' in raw ? raw.message : (raw.error_description ?? raw.error)) ?? '';
    return new DiscordFailure(
      `Discord ответил ${error.status}: ${text.slice(0, 200)}`,
      error.status,
      error.code,
    );
  }
  if (error instanceof HTTPError) {
    return new DiscordFailure(`Discord недоступен (ответ ${error.status})`, error.status);
  }
  const reason = error instanceof Error && error.name === 'AbortError' ? 'нет ответа' : 'нет связи';
  return new DiscordFailure(`Discord недоступен: ${reason}`, null);
}

async function call<T>(run: () => Promise<unknown>): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    throw asFailure(error);
  }
}

/**
 * Discord's REST API v10 through @discordjs/rest, which keeps the rate-limit buckets (it waits out
 * a short 429 and retries; a long one comes back as a DiscordFailure with its wait) and retries
 * server errors. One client per process: the buckets are per token.
 */
export function createDiscordClient(settings: DiscordClientSettings) {
  const options = {
    api: settings.apiUrl,
    version: '10',
    timeout: settings.timeoutMs ?? 10_000,
    retries: 1,
    rejectOnRateLimit: (data: { retryAfter: number }) =>
      data.retryAfter > (settings.maxRateLimitWaitMs ?? 5_000),
    // Sweepers only matter for a long-lived bot with many routes; the timers would outlive tests.
    hashSweepInterval: 0,
    handlerSweepInterval: 0,
  };
  const bot = new REST(options);
  if (settings.botToken) bot.setToken(settings.botToken);
  // Calls without the bot's token (OAuth2, users/@me with the player's, webhooks by their own).
  const open = new REST(options);

  return {
    /** Trades the OAuth2 code for the player's access token (kept only for the next call). */
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      if (!settings.clientId || !settings.clientSecret) {
        throw new DiscordFailure('Привязка Discord не настроена', null);
      }
      const body = new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      const result = await call<RESTPostOAuth2AccessTokenResult>(() =>
        open.post(Routes.oauth2TokenExchange(), {
          auth: false,
          body,
          passThroughBody: true,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      );
      return result.access_token;
    },

    /** The account that authorised: `identify` gives its id and names. */
    currentUser: (accessToken: string) =>
      call<APIUser>(() =>
        open.get(Routes.user('@me'), {
          auth: false,
          headers: { Authorization: `Bearer ${accessToken}` },
        }),
      ),

    /** The member's roles on the server, or null when they are not on it. */
    async memberRoles(guildId: string, userId: string): Promise<string[] | null> {
      try {
        const member = await call<APIGuildMember>(() =>
          bot.get(Routes.guildMember(guildId, userId)),
        );
        return member.roles;
      } catch (error) {
        if (error instanceof DiscordFailure && error.code === UNKNOWN_MEMBER) return null;
        throw error;
      }
    },

    /** PUT and DELETE of a member's role are idempotent in Discord: a repeat changes nothing. */
    addRole: (guildId: string, userId: string, roleId: string, reason: string) =>
      call<void>(() => bot.put(Routes.guildMemberRole(guildId, userId, roleId), { reason })),
    removeRole: (guildId: string, userId: string, roleId: string, reason: string) =>
      call<void>(() => bot.delete(Routes.guildMemberRole(guildId, userId, roleId), { reason })),

    /** Posts a message through a webhook (its own token authorises it). */
    executeWebhook: (
      webhook: { id: string; token: string },
      body: RESTPostAPIWebhookWithTokenJSONBody,
    ) =>
      call<void>(() => open.post(Routes.webhook(webhook.id, webhook.token), { auth: false, body })),
  };
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;
