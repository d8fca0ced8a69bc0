import type { TelegramWidget } from '@shop/shared';
import { api, type ApiClient } from '@/lib/api-client';

/**
 * Telegram's Login Widget (https://core.telegram.org/widgets/login): a script from telegram.org that
 * draws the button in a frame from oauth.telegram.org and, once the person confirms, calls the
 * function named in `data-onauth` with their signed fields. The shop's CSP allows both origins only
 * when a real bot is set up, and the card loads the script only then.
 */
export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';

/** The global the widget calls; set by the card while it shows the widget, removed after. */
export const TELEGRAM_WIDGET_CALLBACK = 'shopTelegramLinkAuth';

/** The script tag's attributes for `bot` (its @name without the @). */
export function telegramWidgetAttributes(bot: string): Record<string, string> {
  return {
    'data-telegram-login': bot,
    'data-size': 'large',
    // So the bot may write first: the news and answers the link is for.
    'data-request-access': 'write',
    'data-userpic': 'false',
    'data-lang': 'ru',
    'data-onauth': `${TELEGRAM_WIDGET_CALLBACK}(user)`,
  };
}

/** Only the signed fields: the server checks their hash, anything else the widget adds is dropped. */
function signedFields(user: Record<string, unknown>): TelegramWidget {
  const fields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'];
  return Object.fromEntries(
    fields.filter((field) => user[field] !== undefined).map((field) => [field, user[field]]),
  ) as TelegramWidget;
}

/** Links the signed-in account to the Telegram account the widget vouched for. */
export const linkTelegramByWidget = (user: Record<string, unknown>, client: ApiClient = api) =>
  client.post('/telegram/link', signedFields(user));

/**
 * Sets the global the widget calls and returns what removes it. `host` is `window` in the app; the
 * callback posts the fields, then `done` (refresh the card) or `failed` (say why).
 */
export function installTelegramWidgetCallback(
  host: object,
  handlers: { done: () => void; failed: (error: unknown) => void },
  client: ApiClient = api,
): () => void {
  const callback = (user: Record<string, unknown>) =>
    linkTelegramByWidget(user, client).then(handlers.done, handlers.failed);
  Reflect.set(host, TELEGRAM_WIDGET_CALLBACK, callback);
  return () => {
    // A newer card's callback stays: only this one is removed.
    if (Reflect.get(host, TELEGRAM_WIDGET_CALLBACK) === callback) {
      Reflect.deleteProperty(host, TELEGRAM_WIDGET_CALLBACK);
    }
  };
}
