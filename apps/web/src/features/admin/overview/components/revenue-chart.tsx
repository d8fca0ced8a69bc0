import { pluralRu } from '@shop/shared';
import { formatDateTime, formatNumber, formatRoubles } from '@/lib/format';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useRevenueStats } from '../api/get-overview';
import { useWipes } from '../../shared/api/get-wipes';
import { chartSince, wipeMarks, type WipeMark } from '../wipe-marks';
import { AdminSection } from '../../shared/components/admin-section';

const WIDTH = 600;
const HEIGHT = 160;
const BAR_GAP = 4;

const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
/** One colour per server (by its place in the list), so whose wipe a mark is reads at a glance. */
const WIPE_COLOURS = ['#f5d27e', '#7cc4ff', '#8ee0a6', '#f49ac1', '#c9a7ff'];

/** The marked wipes per server, oldest first: «21.11 14:00, 28.11 14:00». */
function wipesByServer(marks: readonly WipeMark[]): [number, string[]][] {
  const byServer = new Map<number, string[]>();
  for (const { wipe } of [...marks].sort((a, b) => a.position - b.position)) {
    const dates = byServer.get(wipe.serverId) ?? [];
    dates.push(formatDateTime(wipe.at).replace(/\.\d{4},/, ''));
    byServer.set(wipe.serverId, dates);
  }
  return [...byServer];
}

/**
 * Revenue per day for 30 days as bars, with each server's wipes as dashed vertical marks (most of a
 * wipe's money comes in its first hours, and the bars make sense next to them); the figures are
 * also in each bar's title, the summary and the wipes' list under the chart.
 */
export function RevenueChart() {
  const revenue = useRevenueStats();
  const firstDay = revenue.data?.daily[0]?.date;
  const wipes = useWipes({ since: firstDay && chartSince(firstDay) }, firstDay !== undefined);
  const servers = useAdminServers();
  const serverName = (id: number) =>
    servers.data?.find((server) => server.id === id)?.name ?? `Сервер #${id}`;
  const colourOf = (id: number) => {
    const index = servers.data?.findIndex((server) => server.id === id) ?? -1;
    return WIPE_COLOURS[Math.max(0, index) % WIPE_COLOURS.length];
  };

  let content: React.ReactNode;
  if (revenue.isPending) content = <LoadingState text="Загрузка выручки..." padding="sm" />;
  else if (revenue.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${revenue.error.message}`} />;
  else {
    const days = revenue.data.daily;
    const max = Math.max(...days.map((day) => day.revenue), 1);
    const slot = WIDTH / days.length;
    const barWidth = slot - BAR_GAP;
    const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]!);
    const marks = wipeMarks(
      wipes.data ?? [],
      days.map((day) => day.date),
      revenue.data.timeZone,
    );
    const summary =
      `Выручка за 30 дней: ${formatRoubles(revenue.data.thirtyDays.revenue)}, ` +
      `${formatNumber(revenue.data.thirtyDays.count)} ${pluralRu(revenue.data.thirtyDays.count, ['заказ', 'заказа', 'заказов'])}.` +
      (best.revenue > 0
        ? ` Лучший день ${shortDate(best.date)}: ${formatRoubles(best.revenue)}`
        : '');
    content = (
      <figure className="grid gap-2">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={summary}
          className="h-40 w-full"
          preserveAspectRatio="none"
        >
          <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-white/15" />
          {days.map((day, index) => {
            const height = day.revenue > 0 ? Math.max(2, (day.revenue / max) * (HEIGHT - 8)) : 0;
            const x = index * slot + BAR_GAP / 2;
            return (
              <g key={day.date}>
                <rect
                  x={x}
                  y={HEIGHT - height}
                  width={barWidth}
                  height={height}
                  rx="2"
                  className={index === days.length - 1 ? 'fill-accent' : 'fill-primary/80'}
                >
                  <title>{`${shortDate(day.date)}: ${formatRoubles(day.revenue)}, ${day.count} зак.`}</title>
                </rect>
              </g>
            );
          })}
          {marks.map(({ wipe, position }) => (
            <line
              key={wipe.id}
              x1={position * slot}
              x2={position * slot}
              y1="0"
              y2={HEIGHT}
              stroke={colourOf(wipe.serverId)}
              strokeWidth="1.5"
              strokeDasharray="4 3"
              vectorEffect="non-scaling-stroke"
            >
              <title>{`Вайп ${serverName(wipe.serverId)}: ${formatDateTime(wipe.at)}`}</title>
            </line>
          ))}
        </svg>
        {/* Dates as HTML, so they keep their size however wide the chart is drawn. */}
        <div aria-hidden="true" className="flex justify-between text-[11px] text-muted-foreground">
          {days
            .filter((_, index) => (days.length - 1 - index) % 7 === 0)
            .map((day) => (
              <span key={day.date}>{shortDate(day.date)}</span>
            ))}
        </div>
        <figcaption className="grid gap-1 text-xs text-muted-foreground">
          <span>{summary}</span>
          {wipesByServer(marks).map(([serverId, dates]) => (
            <span key={serverId} className="flex items-baseline gap-1.5">
              <span
                aria-hidden="true"
                className="h-3 shrink-0 translate-y-0.5 border-l-[1.5px] border-dashed"
                style={{ borderColor: colourOf(serverId) }}
              />
              <span>
                Вайпы {serverName(serverId)}: {dates.join(', ')}
              </span>
            </span>
          ))}
        </figcaption>
      </figure>
    );
  }
  return <AdminSection title="Выручка по дням">{content}</AdminSection>;
}
