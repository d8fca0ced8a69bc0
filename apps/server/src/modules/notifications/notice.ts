import type { NotificationChannel } from '@shop/shared';
import { embedMessage } from './discord-embed';
import {
  discordInert,
  discordInertBlock,
  escapeHtml,
  telegramInert,
  telegramInertBlock,
  vkInert,
} from './notice-format';

/** A value a player wrote (their name, their words): escaped for each format as inert text. */
export type PlayerText = { player: string };
export type NoticeValue = string | PlayerText | null | undefined;

/**
 * A message before it meets a format: our words (title, labels, amounts, links) and the player's
 * (names, text) kept apart, so each renderer escapes only and always the latter.
 */
export interface Notice {
  title: string;
  colour: 'money' | 'gift' | 'support' | 'problem' | 'reversal' | 'wipe';
  fields: Array<[label: string, value: NoticeValue]>;
  /** A player's own words, shown as a block. */
  quote?: PlayerText | null;
  link?: { label: string; url: string } | null;
  at: Date;
}

export const player = (text: unknown): PlayerText | null =>
  text === null || text === undefined
    ? null
    : { player: typeof text === 'string' ? text : JSON.stringify(text) };

const QUOTE_MAX = 1500;
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
const isPlayer = (value: NoticeValue): value is PlayerText =>
  typeof value === 'object' && value !== null;
const present = (value: NoticeValue) =>
  value !== null && value !== undefined && (isPlayer(value) ? value.player !== '' : value !== '');

/** What each channel's API is sent. */
export type TelegramPayload = { text: string; parse_mode: 'HTML' };
export type VkPayload = { message: string };

export function renderNotice(notice: Notice, channel: NotificationChannel): unknown {
  const fields = notice.fields.filter(([, value]) => present(value));
  if (channel === 'telegram') {
    const lines = fields.map(([label, value]) => {
      const text = isPlayer(value)
        ? telegramInert(clip(value.player, 300))
        : escapeHtml(String(value));
      return `${escapeHtml(label)}: ${text}`;
    });
    if (notice.quote) lines.push(telegramInertBlock(clip(notice.quote.player, QUOTE_MAX)));
    if (notice.link) {
      // Telegram refuses a text link to a host it cannot take (localhost, a bare LAN address), and
      // would refuse the whole message: only a public https address becomes a link.
      const { url, label } = notice.link;
      lines.push(
        /^https:\/\/[^/:]+\.[a-z]{2,}(?::\d+)?(?:\/|$)/i.test(url)
          ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`
          : `${escapeHtml(label)}: ${escapeHtml(url)}`,
      );
    }
    return {
      text: [`<b>${escapeHtml(notice.title)}</b>`, ...lines].join('\n'),
      parse_mode: 'HTML',
    };
  }
  if (channel === 'vk') {
    const lines = fields.map(
      ([label, value]) =>
        `${label}: ${isPlayer(value) ? vkInert(clip(value.player, 300)) : String(value)}`,
    );
    if (notice.quote) lines.push(`«${vkInert(clip(notice.quote.player, QUOTE_MAX))}»`);
    if (notice.link) lines.push(`${notice.link.label}: ${notice.link.url}`);
    return { message: [notice.title, ...lines].join('\n') };
  }
  return embedMessage({
    title: notice.title,
    colour: notice.colour,
    description: notice.quote ? discordInertBlock(clip(notice.quote.player, QUOTE_MAX)) : null,
    ...(notice.link ? { url: notice.link.url } : {}),
    fields: [
      ...fields.map(([label, value]): [string, string, boolean] => [
        label,
        isPlayer(value) ? discordInert(value.player) : String(value),
        true,
      ]),
      ...(notice.link
        ? [[notice.link.label, notice.link.url, false] as [string, string, boolean]]
        : []),
    ],
    at: notice.at,
  });
}

/** The message as plain text, for the panel's outbox list. */
export function previewOf(channel: string, payload: unknown): string {
  const body = payload as {
    text?: string;
    message?: string;
    embeds?: Array<{ title?: string; description?: string }>;
  };
  if (channel === 'telegram') {
    return (body.text ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  if (channel === 'vk') return (body.message ?? '').replace(/\u200b/g, '');
  const embed = body.embeds?.[0];
  return [embed?.title, embed?.description].filter(Boolean).join('\n');
}
