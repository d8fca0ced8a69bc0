import { pluralRu, type RevenueStats } from '@shop/shared';
import { Server, ShoppingBag, Users, Wallet, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatNumber, formatRoubles } from '@/lib/format';
import { useRevenueStats, useSystemStats } from '../api/get-overview';

function StatCard({
  icon,
  label,
  value,
  note,
  className,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card
      role="group"
      aria-label={label}
      className={cn('grid min-w-0 content-start gap-1 p-3 sm:p-5', className)}
    >
      <div
        aria-hidden="true"
        className="flex min-w-0 items-center gap-2 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase sm:text-xs"
      >
        <span className="text-primary [&_svg]:size-4">{icon}</span>
        <span className="truncate">{label}</span>
      </div>
      <p className="font-display text-2xl font-bold text-white tabular-nums sm:text-3xl">{value}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {children}
    </Card>
  );
}

const windows: Array<[keyof Omit<RevenueStats, 'daily' | 'timeZone' | 'total'>, string]> = [
  ['today', 'Сегодня'],
  ['sevenDays', '7 дней'],
  ['fourteenDays', '14 дней'],
  ['thirtyDays', '30 дней'],
];

/** SPEC §2 Overview cards. A figure not loaded yet reads '…', one that failed '—'. */
export function OverviewCards() {
  const stats = useSystemStats();
  const revenue = useRevenueStats();
  const figure = (value: number | undefined, failed: boolean) =>
    value === undefined ? (failed ? '—' : '…') : formatNumber(value);
  const s = stats.data;
  const r = revenue.data;

  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-3 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-live="polite"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:grid-cols-2">
        <StatCard
          icon={<Users />}
          label="Пользователи"
          value={figure(s?.totalUsers, stats.isError)}
          note={s ? `+${formatNumber(s.todayUsers)} за сегодня` : undefined}
        />
        <StatCard
          icon={<Wifi />}
          label="Онлайн"
          value={figure(s?.onlineUsers, stats.isError)}
          note="на сайте сейчас"
        />
        <StatCard
          icon={<ShoppingBag />}
          label="Заказы"
          value={figure(s?.totalOrders, stats.isError)}
          note={s ? `+${formatNumber(s.todayOrders)} за сегодня` : undefined}
        >
          {s && (
            <p
              className={cn(
                'text-xs font-semibold',
                s.pendingOrders > 0 ? 'text-warning' : 'text-muted-foreground',
              )}
            >
              Ждут выдачи: {formatNumber(s.pendingOrders)}
            </p>
          )}
        </StatCard>
        <StatCard
          icon={<Server />}
          label="Серверы"
          value={s ? `${s.activeServers} из ${s.totalServers}` : figure(undefined, stats.isError)}
          note="в сети"
        />
      </div>
      <StatCard
        icon={<Wallet />}
        label="Выручка"
        value={r ? formatRoubles(r.total.revenue) : figure(undefined, revenue.isError)}
        note={
          r
            ? `${formatNumber(r.total.count)} ${pluralRu(r.total.count, ['оплаченный заказ', 'оплаченных заказа', 'оплаченных заказов'])} за всё время, возвраты вычтены`
            : undefined
        }
      >
        {r && (
          <dl className="mt-2 grid grid-cols-[auto_1fr_auto] gap-x-2 gap-y-1 text-xs">
            {windows.map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-right font-semibold text-white tabular-nums">
                  {formatRoubles(r[key].revenue)}
                </dd>
                <dd className="text-right text-muted-foreground tabular-nums">
                  {formatNumber(r[key].count)} шт.
                </dd>
              </div>
            ))}
          </dl>
        )}
      </StatCard>
    </div>
  );
}
