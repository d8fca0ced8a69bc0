import { PLAYER_NEWS, PLAYER_NEWS_LABELS } from '@shop/shared';
import { ExternalLink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonAnchor } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  requestTelegramLink,
  telegramKey,
  useTelegramLink,
  useTelegramNews,
  useUnlinkTelegram,
} from '../api/telegram-link';
import { finishTelegramWidget, telegramReturn } from '../api/telegram-widget';
import { TelegramLoginWidget } from './telegram-login-widget';
import { UnlinkButton } from './unlink-button';

const REFUSED = 'Telegram не подтвердил вход, или он устарел: нажмите кнопку Telegram ещё раз';

/**
 * Back from Telegram's Login Widget (`?telegram=confirm|error`, the settings tab open): finishes the
 * link with this tab's state and says how it went, once; the query leaves the address at once, so
 * a reload or a copied address repeats nothing.
 */
function useTelegramReturn() {
  const queryClient = useQueryClient();
  const seen = useRef(false);
  useEffect(() => {
    if (seen.current) return;
    seen.current = true;
    const outcome = telegramReturn(window.location.search);
    if (!outcome) return;
    const query = new URLSearchParams(window.location.search);
    query.delete('telegram');
    const rest = query.toString();
    window.history.replaceState(null, '', window.location.pathname + (rest ? `?${rest}` : ''));
    const linking =
      outcome === 'confirm'
        ? finishTelegramWidget(sessionStorage)
        : Promise.reject(new Error(REFUSED));
    linking.then(
      (view) => {
        queryClient.setQueryData(telegramKey, view);
        toast.success('Telegram привязан');
      },
      (error: unknown) => toast.error(errorText(error, 'Не удалось привязать Telegram')),
    );
  }, [queryClient]);
}

/**
 * Profile → Настройки: the linked Telegram with the news it gets, each switchable, and «Отвязать»;
 * or a one-time link that opens the shop's bot, which links the account when started, and beside it
 * Telegram's Login Widget when the bot is a real one (never the demo's stand-in, unknown to Telegram).
 */
export function TelegramLinkCard() {
  useTelegramReturn();
  const [link, setLink] = useState<string | null>(null);
  const { data } = useTelegramLink(link !== null);
  const unlink = useUnlinkTelegram();
  const news = useTelegramNews();
  const [asking, setAsking] = useState(false);
  if (!data?.available && !data?.linked) return null;
  if (data.linked && link) setLink(null);

  const ask = () => {
    setAsking(true);
    requestTelegramLink()
      .then(({ url }) => setLink(url))
      .catch((error: unknown) => toast.error(errorText(error, 'Не удалось получить ссылку')))
      .finally(() => setAsking(false));
  };

  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="font-display text-lg font-bold tracking-wide text-white uppercase">
        Telegram
      </h2>
      {data.linked ? (
        <>
          <p className="text-sm text-foreground/90">
            Привязан Telegram{' '}
            <strong className="text-white">
              {data.linked.username ? `@${data.linked.username}` : `id ${data.linked.telegramId}`}
            </strong>
            . Бот {data.botUsername ? `@${data.botUsername}` : 'магазина'} присылает новости и
            отвечает на /balance и /orders.
          </p>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Что присылать</legend>
            {PLAYER_NEWS.map((item) => (
              <label key={item} className="flex items-center gap-3 text-sm">
                <Switch
                  checked={data.linked?.news[item] ?? true}
                  disabled={news.isPending}
                  onCheckedChange={(on) =>
                    news.mutate(
                      { [item]: on },
                      { onError: (error) => toast.error(errorText(error, 'Не удалось сохранить')) },
                    )
                  }
                />
                {PLAYER_NEWS_LABELS[item]}
              </label>
            ))}
          </fieldset>
          <UnlinkButton service="Telegram" unlink={unlink} />
        </>
      ) : link ? (
        <>
          <p className="text-sm text-foreground/90">
            Откройте бота и нажмите «Start» (или «Запустить»): аккаунт привяжется сам. Ссылка
            действует 10 минут и срабатывает один раз.
          </p>
          <ButtonAnchor href={link} target="_blank" rel="noopener noreferrer" className="w-fit">
            Открыть бота
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(откроется в новой вкладке)</span>
          </ButtonAnchor>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Привяжите Telegram, чтобы получать там «Выдано», подарки, напоминание о конце VIP и
            ответы поддержки.
          </p>
          <Button className="w-fit" disabled={asking} onClick={ask}>
            Привязать Telegram
          </Button>
        </>
      )}
      {/* Outside the branches above, so opening the deep link keeps the loaded widget as it is. */}
      {!data.linked && data.widgetBot && (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Или войдите в Telegram здесь и разрешите боту писать вам:
          </p>
          <TelegramLoginWidget bot={data.widgetBot} />
        </div>
      )}
    </Card>
  );
}
