import { formatRoubles, kopecksToRoubles } from '@shop/shared';
import type { APIEmbed, RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';

/** Discord's limits: an embed field's value and the embed's title. */
const FIELD_MAX = 1024;
const TITLE_MAX = 256;

const COLOURS = {
  money: 0x2ecc71,
  gift: 0xe91e63,
  support: 0x5865f2,
  problem: 0xe67e22,
  wipe: 0x95a5a6,
  reversal: 0xe74c3c,
} as const;

export const rub = (kopecks: number | string) => formatRoubles(kopecksToRoubles(Number(kopecks)));

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export interface EmbedInput {
  title: string;
  colour: keyof typeof COLOURS;
  description?: string | null;
  fields: Array<[name: string, value: string | null | undefined, inline?: boolean]>;
  url?: string;
  at: Date;
}

/**
 * A message as the webhook posts it: one Russian embed. No mention in it pings anyone (a player's
 * name may read @everyone), and only what staff need is in it: names and amounts, never a player's
 * contacts, tokens or balance.
 */
export function embedMessage(input: EmbedInput): RESTPostAPIWebhookWithTokenJSONBody {
  const embed: APIEmbed = {
    title: clip(input.title, TITLE_MAX),
    color: COLOURS[input.colour],
    timestamp: input.at.toISOString(),
    fields: input.fields
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([name, value, inline]) => ({
        name,
        value: clip(String(value), FIELD_MAX),
        inline: inline ?? true,
      })),
  };
  if (input.description) embed.description = clip(input.description, 2_000);
  if (input.url) embed.url = input.url;
  return { username: 'Магазин', embeds: [embed], allowed_mentions: { parse: [] } };
}
