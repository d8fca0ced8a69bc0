import type { AdminServer, ServerWipe } from '@shop/shared';
import { CalendarClock, Flag } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { agoText, countdownText } from '@/lib/durations';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAgeCountdownNow } from '@/lib/use-now';
import { useWipes } from '../../shared/api/get-wipes';
import { useMarkWipe } from '../api/mark-wipe';
import { describeSchedule } from '../wipe-schedule';

/** How many of a server's wipes its card lists. */
const RECENT_WIPES = 5;

/** «Procedural Map · 4500 · seed 1337 · вручную»: what the shop knows of one wipe's world. */
export function wipeDetails(wipe: ServerWipe): string {
  return [
    wipe.map,
    wipe.worldSize === null ? null : formatNumber(wipe.worldSize),
    wipe.seed === null ? null : `seed ${wipe.seed}`,
    wipe.source === 'manual' ? 'вручную' : 'замечен мониторингом',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The wipe part of an admin's server card: when it last wiped and will next, by which schedule,
 * the recent wipes, and «Отметить вайп» for a wipe the monitor could not see (RCON down, a
 * wipe made while the shop was off).
 */
export function ServerWipesPanel({ server }: { server: AdminServer }) {
  const now = useAgeCountdownNow(server.lastWipeAt, server.nextWipeAt);
  const wipes = useWipes({ serverId: server.id });
  const mark = useMarkWipe();
  const [confirming, setConfirming] = useState(false);
  const title = `Вайпы сервера ${server.name}`;

  const confirmMark = async () => {
    try {
      await mark.mutateAsync({ serverId: server.id });
      toast.success('Успешно', { description: `Вайп сервера «${server.name}» отмечен` });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось отметить вайп') });
    } finally {
      setConfirming(false);
    }
  };

  const next = server.nextWipeAt === null ? null : Date.parse(server.nextWipeAt) - now;
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-2 rounded-md border border-white/8 bg-black/25 px-3 py-2.5 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold text-white">
          <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden="true" />
          Вайпы
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Отметить вайп сервера ${server.name}`}
        >
          <Flag aria-hidden="true" />
          Отметить вайп
        </Button>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Последний</dt>
        <dd className="text-foreground/90">
          {server.lastWipeAt === null
            ? 'неизвестен'
            : `${agoText(now - Date.parse(server.lastWipeAt))} · ${formatDateTime(server.lastWipeAt)}`}
        </dd>
        <dt className="text-muted-foreground">Следующий</dt>
        <dd className="text-foreground/90">
          {next === null
            ? 'не предсказан: задайте расписание'
            : `${next > 0 ? `через ${countdownText(next)}` : 'ожидается сейчас'} · ${formatDateTime(server.nextWipeAt)}`}
        </dd>
        <dt className="text-muted-foreground">Расписание</dt>
        <dd className="text-foreground/90">
          {server.wipeSchedule ? describeSchedule(server.wipeSchedule) : 'не задано'}
        </dd>
      </dl>
      {wipes.data && wipes.data.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            Недавние вайпы ({Math.min(wipes.data.length, RECENT_WIPES)})
          </summary>
          <ol aria-label={`Недавние вайпы ${server.name}`} className="mt-1.5 grid gap-1">
            {wipes.data.slice(0, RECENT_WIPES).map((wipe) => (
              <li key={wipe.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium whitespace-nowrap text-white tabular-nums">
                  {formatDateTime(wipe.at)}
                </span>
                <span className="text-muted-foreground">{wipeDetails(wipe)}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
      {wipes.isError && (
        <p className="text-xs text-[#ff9b91]">Не удалось загрузить вайпы: {wipes.error.message}</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Отметить вайп?"
        description={`Вайп сервера «${server.name}» будет записан на текущее время. От него отсчитываются блокировки товаров и распродажи «после вайпа», а купленное «до вайпа» снимается.`}
        confirmLabel="Отметить вайп"
        destructive={false}
        busy={mark.isPending}
        onConfirm={() => void confirmMark()}
      />
    </section>
  );
}
