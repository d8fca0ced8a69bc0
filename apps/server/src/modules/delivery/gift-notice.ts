import { DEFAULT_SITE_CONTENT, fillTemplate } from '@shop/shared';
import { quoteConsoleArg } from '../../integrations/rust-rcon/index';

/**
 * The in-game message to a gift's recipient when an RCON delivery lands. `rustshop.notify` is the
 * console command of the shop's Oxide plugin (plugins/oxide): it writes the text in that player's
 * chat. A server without the plugin answers "Command not found" and nothing else happens.
 */
export const NOTIFY_COMMAND = 'rustshop.notify';

/**
 * `template` is the owner's (settings → «Сообщения вне сайта»), with `{{sender}}` and `{{product}}`;
 * the sender's own words follow it. The whole is one quoted console argument, so nothing a player
 * wrote can end the command or start another.
 */
export function giftNoticeCommand(
  steamId: string,
  gift: { from: string; message?: string | undefined },
  itemName: string,
  template: string = DEFAULT_SITE_CONTENT.notices.giftNotice,
): string {
  if (!/^7656119\d{10}$/.test(steamId)) throw new RangeError('not a Steam id');
  const note = gift.message ? ` — «${gift.message}»` : '';
  const text = fillTemplate(template, { sender: gift.from, product: itemName });
  return `${NOTIFY_COMMAND} ${steamId} ${quoteConsoleArg(`${text}${note}`, 400)}`;
}
