import { useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import {
  requestTelegramWidget,
  TELEGRAM_STATE_KEY,
  TELEGRAM_WIDGET_SRC,
  telegramWidgetAttributes,
} from '../api/telegram-widget';

/**
 * Telegram's «Log in with Telegram» button for `bot`. The script is added only while this is on the
 * screen (the profile's settings, a real bot set up), so no other page and no signed-out visitor
 * loads anything from Telegram; it gets a fresh one-time state first, and Telegram sends the
 * browser back to the profile with it. Leaving removes the button and its frame.
 */
export function TelegramLoginWidget({ bot }: { bot: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let gone = false;
    requestTelegramWidget()
      .then(({ authUrl, state }) => {
        // Only the button on screen keeps its state: a replaced one's is never used.
        if (gone) return;
        sessionStorage.setItem(TELEGRAM_STATE_KEY, state);
        const script = document.createElement('script');
        script.async = true;
        script.src = TELEGRAM_WIDGET_SRC;
        for (const [name, value] of Object.entries(telegramWidgetAttributes(bot, authUrl))) {
          script.setAttribute(name, value);
        }
        // The widget puts its frame right before this tag, inside the box.
        container.appendChild(script);
      })
      .catch((error: unknown) => {
        if (!gone) setFailed(errorText(error, 'Кнопка Telegram не загрузилась'));
      });
    return () => {
      gone = true;
      container.replaceChildren();
    };
  }, [bot]);

  return (
    <>
      <div ref={box} data-telegram-widget={bot} className="min-h-10" />
      {failed && <p className="text-sm text-destructive">{failed}</p>}
    </>
  );
}
