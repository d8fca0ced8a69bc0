import { formatNumber, formatRoubles } from '@/lib/format';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useRevenueStats } from '../api/get-overview';
import { AdminSection } from './admin-section';

const WIDTH = 600;
const HEIGHT = 160;
const BAR_GAP = 4;

const shortDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** Revenue per day for 30 days as bars; the figures are also in each bar's title and the summary. */
export function RevenueChart() {
  const revenue = useRevenueStats();
  let content: React.ReactNode;
  if (revenue.isPending) content = <LoadingState text="Загрузка выручки..." padding="sm" />;
  else if (revenue.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${revenue.error.message}`} />;
  else {
    const days = revenue.data.daily;
    const max = Math.max(...days.map((day) => day.revenue), 1);
    const barWidth = WIDTH / days.length - BAR_GAP;
    const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]!);
    const summary =
      `Выручка за 30 дней: ${formatRoubles(revenue.data.thirtyDays.revenue)}, ` +
      `${formatNumber(revenue.data.thirtyDays.count)} заказов.` +
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
            const x = index * (barWidth + BAR_GAP) + BAR_GAP / 2;
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
        </svg>
        {/* Dates as HTML, so they keep their size however wide the chart is drawn. */}
        <div aria-hidden="true" className="flex justify-between text-[11px] text-muted-foreground">
          {days
            .filter((_, index) => (days.length - 1 - index) % 7 === 0)
            .map((day) => (
              <span key={day.date}>{shortDate(day.date)}</span>
            ))}
        </div>
        <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
      </figure>
    );
  }
  return <AdminSection title="Выручка по дням">{content}</AdminSection>;
}
