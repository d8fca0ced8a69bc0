/** A channel webhook as Discord issues it: its id and the token that authorises posting. */
export interface WebhookAddress {
  id: string;
  token: string;
}

const DISCORD_WEBHOOK =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d+)?\/webhooks\/(\d{15,22})\/([A-Za-z0-9_-]{20,100})\/?$/;
const STAND_IN_TAIL = /^(?:\/v\d+)?\/webhooks\/(\d{15,22})\/([A-Za-z0-9_-]{20,100})\/?$/;

/**
 * The webhook an address names: Discord's own (https://discord.com/api/webhooks/<id>/<token>), or,
 * where the shop talks to a stand-in (demo, tests), one under that stand-in's API. Null otherwise.
 */
export function parseWebhookUrl(
  url: string,
  standInBases: readonly string[] = [],
): WebhookAddress | null {
  const text = url.trim();
  const real = DISCORD_WEBHOOK.exec(text);
  if (real) return { id: real[1]!, token: real[2]! };
  for (const base of standInBases) {
    if (!text.startsWith(base)) continue;
    const match = STAND_IN_TAIL.exec(text.slice(base.length));
    if (match) return { id: match[1]!, token: match[2]! };
  }
  return null;
}

/** What the panel shows of a webhook: never its token. */
export function maskedWebhookUrl(webhook: Pick<WebhookAddress, 'id'>): string {
  return `https://discord.com/api/webhooks/${webhook.id}/••••••`;
}
