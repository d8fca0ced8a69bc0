import type { NotificationChannel } from '@shop/shared';

/**
 * Escaping of what players write (their text, their names), one way per format, so that nothing a
 * player writes can look like a link, a mention, a command or a button of ours. The words stay
 * readable; only what the messenger would act on is broken.
 */
const ZWSP = '\u200b';

/** Characters that reorder or hide text (bidi overrides, zero widths): a name could pose as ours. */
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Breaks what a plain-text messenger turns into something live: links (`evil.com`, `https://`),
 * mentions (`@all`, `@everyone`, VK's `[id1|…]` and `*id1`), hashtags, commands (`/start`), by a
 * zero-width space after the character that starts or joins them.
 */
export function defang(text: string): string {
  return text.replace(HIDDEN, '').replace(/[@#/:.[\]|*$<>]/g, (char) => char + ZWSP);
}

/** HTML's five, for Telegram's parse_mode HTML (https://core.telegram.org/bots/api#html-style). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Telegram HTML: a player's words inside <code>, where Telegram neither parses markup nor finds
 * links, mentions or commands (https://core.telegram.org/bots/api#formatting-options).
 */
export const telegramInert = (text: string) =>
  `<code>${escapeHtml(text.replace(HIDDEN, ''))}</code>`;
export const telegramInertBlock = (text: string) =>
  `<pre>${escapeHtml(text.replace(HIDDEN, ''))}</pre>`;

/** VK plain text: no markup to escape, but links and mentions to break. */
export const vkInert = defang;

/**
 * Discord Markdown: every markdown character backslash-escaped (masked links `[x](y)`, bold,
 * headings, quotes, mentions `<@id>`), then links and `@everyone` broken. The webhook also sends
 * `allowed_mentions: {parse: []}`, so nothing pings even if it slipped through.
 */
export const discordInert = (text: string) =>
  defang(text.replace(HIDDEN, '').replace(/[\\*_~`|>#\-[\]()<]/g, '\\$&'));

/** A code block: Discord renders nothing inside; a backtick run cannot close it early. */
export const discordInertBlock = (text: string) =>
  `\`\`\`\n${text.replace(HIDDEN, '').replace(/`/g, `\`${ZWSP}`)}\n\`\`\``;

/** Player text made inert for a channel's format. */
export function inertFor(channel: NotificationChannel, text: string): string {
  if (channel === 'telegram') return telegramInert(text);
  if (channel === 'vk') return vkInert(text);
  return discordInert(text);
}
