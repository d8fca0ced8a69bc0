import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { telegramKey } from '../api/telegram-link';
import {
  installTelegramWidgetCallback,
  TELEGRAM_WIDGET_SRC,
  telegramWidgetAttributes,
} from '../api/telegram-widget';

/**
 * Telegram's «Log in with Telegram» button for `bot`. The script is added only while this is on the
 * screen (the profile's settings, a real bot set up), so no other page and no signed-out visitor
 * loads anything from Telegram; leaving removes the button, its frame and the global callback.
 */
export function TelegramLoginWidget({ bot }: { bot: string }) {
  const box = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const remove = installTelegramWidgetCallback(window, {
      done: () => {
        toast.success('Telegram привязан');
        void queryClient.invalidateQueries({ queryKey: telegramKey });
      },
      failed: (error) => toast.error(errorText(error, 'Не удалось привязать Telegram')),
    });
    const script = document.createElement('script');
    script.async = true;
    script.src = TELEGRAM_WIDGET_SRC;
    for (const [name, value] of Object.entries(telegramWidgetAttributes(bot))) {
      script.setAttribute(name, value);
    }
    // The widget puts its frame right before this tag, inside the box.
    container.appendChild(script);
    return () => {
      remove();
      container.replaceChildren();
    };
  }, [bot, queryClient]);

  return <div ref={box} data-telegram-widget={bot} className="min-h-10" />;
}
