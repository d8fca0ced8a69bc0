import { randomBytes } from 'node:crypto';
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';

export interface FakeDiscordUser {
  id: string;
  username: string;
  globalName: string | null;
}

/** The demo's Discord accounts: each is a member of the demo server. */
export const demoDiscordUsers: readonly FakeDiscordUser[] = [
  { id: '200000000000000001', username: 'rust_wanderer', globalName: 'Странник' },
  { id: '200000000000000002', username: 'raid_master', globalName: 'Рейдер' },
  { id: '200000000000000003', username: 'base_builder', globalName: null },
];

/** The demo server's VIP roles (the demo catalogue's tiers). */
export const DEMO_DISCORD_ROLES = [
  { id: '210000000000000001', name: 'VIP Gold', tier: 'Gold' },
  { id: '210000000000000002', name: 'VIP Silver', tier: 'Silver' },
] as const;

export interface FakeDiscordSettings {
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
}

export interface FakeWebhook {
  token: string;
  messages: RESTPostAPIWebhookWithTokenJSONBody[];
  /** Seconds each of the next posts is told to wait (a 429 each), oldest first. */
  rateLimits: number[];
  /** Posts refused with 429, for tests that count the retries. */
  limited: number;
  deleted: boolean;
  /** The bucket: posts in the current window, and when it resets. */
  windowCount: number;
  windowResetAt: number;
}

/** Posts a webhook takes per window before Discord answers 429, as its documented headers say. */
export const WEBHOOK_LIMIT = 5;
export const WEBHOOK_WINDOW_MS = 2_000;

/** What the stand-in knows: accounts, grants, the server's members and roles, and webhooks. */
export function createFakeDiscordState(settings: FakeDiscordSettings) {
  const users = new Map<string, FakeDiscordUser>(demoDiscordUsers.map((user) => [user.id, user]));
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const members = new Map<string, Set<string>>(
    demoDiscordUsers.map((user) => [user.id, new Set<string>()]),
  );
  const webhooks = new Map<string, FakeWebhook>();
  const roleCalls: Array<{ method: 'PUT' | 'DELETE'; userId: string; roleId: string }> = [];
  let down = false;

  return {
    settings,
    users,
    codes,
    tokens,
    members,
    webhooks,
    roleCalls,
    /** Discord unreachable: every API call answers 503 until it comes back. */
    get down() {
      return down;
    },
    setDown(value: boolean) {
      down = value;
    },
    addUser(user: FakeDiscordUser, member = true) {
      users.set(user.id, user);
      if (member) members.set(user.id, new Set());
    },
    issueCode(userId: string, redirectUri: string): string {
      const code = randomBytes(15).toString('hex');
      codes.set(code, { userId, redirectUri });
      return code;
    },
    /** A webhook as the channel's settings make one; its URL is `${apiBase}/webhooks/id/token`. */
    createWebhook(): { id: string; token: string } {
      const id = String(300000000000000000n + BigInt(webhooks.size + 1));
      const token = randomBytes(24).toString('base64url');
      webhooks.set(id, {
        token,
        messages: [],
        rateLimits: [],
        limited: 0,
        deleted: false,
        windowCount: 0,
        windowResetAt: 0,
      });
      return { id, token };
    },
    rolesOf: (userId: string) => [...(members.get(userId) ?? [])],
  };
}

export type FakeDiscordState = ReturnType<typeof createFakeDiscordState>;
