import type { TelegramLinkView } from '@shop/shared';
import { api, type ApiClient } from '@/lib/api-client';

/**
 * Telegram's Login Widget (https://core.telegram.org/widgets/login): a script from telegram.org that
 * draws the button in a frame from oauth.telegram.org. With `data-auth-url` Telegram sends the
 * browser to that address with the signed fields once the person confirms (`data-onauth` would
 * need the script to eval, which the shop's CSP forbids). The card loads it only for a real bot.
 */
export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/** This tab's state for the widget's redirect: gone when the tab closes, like Discord's. */
export const TELEGRAM_STATE_KEY = 'shop.telegramWidgetState';

/** The script tag's attributes for `bot` (its @name without the @) and the shop's return address. */
export function telegramWidgetAttributes(bot: string, authUrl: string): Record<string, string> {
  return {
    'data-telegram-login': bot,
    'data-size': 'large',
    // So the bot may write first: the news and answers the link is for.
    'data-request-access': 'write',
    'data-userpic': 'false',
    'data-lang': 'ru',
    'data-auth-url': authUrl,
  };
}

/**
 * A one-time state bound to this session, and the address for data-auth-url with it (the shop's
 * PUBLIC_URL, which the bot's /setdomain must name). The card keeps the state in this tab only, so
 * no other tab or browser finishes the link.
 */
export async function requestTelegramWidget(
  client: ApiClient = api,
): Promise<{ authUrl: string; state: string }> {
  const { authUrl } = await client.post<{ authUrl: string }>('/telegram/link/widget-state');
  return { authUrl, state: new URL(authUrl).searchParams.get('state') ?? '' };
}

/** What Telegram's redirect brought back (`?telegram=confirm|error`), if anything. */
export function telegramReturn(search: string): 'confirm' | 'error' | null {
  const outcome = new URLSearchParams(search).get('telegram');
  return outcome === 'confirm' || outcome === 'error' ? outcome : null;
}

/** After `?telegram=confirm`: links with this tab's state, once (the server spends it either way). */
export async function finishTelegramWidget(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  client: ApiClient = api,
): Promise<TelegramLinkView> {
  const state = storage.getItem(TELEGRAM_STATE_KEY);
  storage.removeItem(TELEGRAM_STATE_KEY);
  if (!state)
    throw new Error('Вход через Telegram начат не в этой вкладке: нажмите кнопку ещё раз');
  return client.post<TelegramLinkView>('/telegram/link/widget', { state });
}
