import type { NotificationChannel } from '@shop/shared';

type Rule = { key: string; limit: number; windowMs: number };

/**
 * Each API's published limits, kept by the leader (the only sender) in memory:
 * - Telegram: about 30 messages a second in all, one a second in a chat, 20 a minute in a group
 *   or channel (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this);
 *   a group's or channel's chat id is negative, or an @name.
 * - VK: 20 calls a second with a community token (https://dev.vk.com/ru/api/api-requests#Ограничения и рекомендации).
 * - Discord: a webhook's bucket is 5 messages in 2 seconds; @discordjs/rest also keeps the bucket
 *   Discord announces in its headers.
 */
export function rulesFor(channel: NotificationChannel, target: string): Rule[] {
  if (channel === 'telegram') {
    const chat = target.split('/')[0]!;
    const group = chat.startsWith('-') || chat.startsWith('@');
    return [
      { key: 'telegram', limit: 30, windowMs: 1_000 },
      { key: `telegram:${chat}`, limit: 1, windowMs: 1_000 },
      ...(group ? [{ key: `telegram-minute:${chat}`, limit: 20, windowMs: 60_000 }] : []),
    ];
  }
  if (channel === 'vk') return [{ key: 'vk', limit: 20, windowMs: 1_000 }];
  return [{ key: `discord:${target}`, limit: 5, windowMs: 2_000 }];
}

/** Sliding windows of the sends made, and pauses an API asked for (retry_after). */
export function createSendLimits(now: () => number = Date.now) {
  const sent = new Map<string, number[]>();
  const pausedUntil = new Map<string, number>();

  const recent = (rule: Rule, at: number) => {
    const times = (sent.get(rule.key) ?? []).filter((t) => t > at - rule.windowMs);
    sent.set(rule.key, times);
    return times;
  };

  return {
    /** Milliseconds until a message under these rules may go. */
    waitMs(rules: Rule[]): number {
      const at = now();
      let wait = 0;
      for (const rule of rules) {
        wait = Math.max(wait, (pausedUntil.get(rule.key) ?? 0) - at);
        const times = recent(rule, at);
        if (times.length >= rule.limit) {
          wait = Math.max(wait, times[times.length - rule.limit]! + rule.windowMs - at);
        }
      }
      return Math.max(wait, 0);
    },
    take(rules: Rule[]) {
      const at = now();
      for (const rule of rules) recent(rule, at).push(at);
    },
    /** The API said to wait: nothing under the narrowest rule goes before then. */
    pause(rules: Rule[], ms: number) {
      const rule = rules[rules.length > 1 ? 1 : 0]!;
      pausedUntil.set(rule.key, Math.max(pausedUntil.get(rule.key) ?? 0, now() + ms));
    },
  };
}

export type SendLimits = ReturnType<typeof createSendLimits>;
