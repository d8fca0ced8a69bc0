import { quoteConsoleArg } from '../../integrations/rust-rcon/index';

/**
 * The in-game message to a gift's recipient when an RCON delivery lands. `rustshop.notify` is the
 * console command of the shop's Oxide plugin (plugins/oxide): it writes the text in that player's
 * chat. A server without the plugin answers "Command not found" and nothing else happens.
 */
export const NOTIFY_COMMAND = 'rustshop.notify';

export function giftNoticeCommand(
  steamId: string,
  gift: { from: string; message?: string | undefined },
  itemName: string,
): string {
  if (!/^7656119\d{10}$/.test(steamId)) throw new RangeError('not a Steam id');
  const note = gift.message ? ` — «${gift.message}»` : '';
  return `${NOTIFY_COMMAND} ${steamId} ${quoteConsoleArg(`Подарок от ${gift.from}: ${itemName}${note}`, 400)}`;
}
