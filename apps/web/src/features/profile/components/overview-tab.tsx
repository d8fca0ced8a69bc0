import { isVipActive, type User } from '@shop/shared';
import {
  CalendarDays,
  Clock,
  Copy,
  Crown,
  Plus,
  Server,
  ShoppingBag,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { UserAvatar } from '@/components/user-avatar';
import { VipBadge } from '@/components/vip-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime, formatNumber, formatRoubles } from '@/lib/format';
import { vipTierLabel, type VipTierNames } from '@/lib/vip-tiers';

function StatCard({
  icon,
  label,
  value,
  action,
  text = false,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  action?: ReactNode;
  /** A name rather than a number: wraps over two lines instead of being cut off. */
  text?: boolean;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {label}
        </p>
        <span aria-hidden="true" className="text-primary [&_svg]:size-5">
          {icon}
        </span>
      </div>
      <p
        title={text ? value : undefined}
        className={cn(
          'font-extrabold text-white',
          text
            ? 'line-clamp-2 text-base leading-snug [overflow-wrap:anywhere] sm:text-lg'
            : 'truncate text-xl tabular-nums sm:text-2xl',
        )}
      >
        {value}
      </p>
      {action}
    </Card>
  );
}

async function copySteamId(steamId: string) {
  try {
    await navigator.clipboard.writeText(steamId);
    toast.success('Скопировано');
  } catch {
    toast.error('Ошибка', { description: steamId });
  }
}

export function OverviewTab({
  user,
  vipTiers,
  onTopUp,
}: {
  user: User;
  /** The owner's names of the VIP tiers (`site.vipTiers`). */
  vipTiers: VipTierNames | undefined;
  onTopUp: () => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
        <UserAvatar
          src={user.avatar}
          name={user.username}
          className="size-20 text-3xl ring-2 ring-primary/60"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-display [overflow-wrap:anywhere] text-2xl font-extrabold tracking-wide text-white uppercase">
              {user.username}
            </h2>
            <VipBadge user={user} tiers={vipTiers} />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            <span>Steam ID:</span>
            <span className="font-mono text-foreground/90">{user.steamId}</span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Скопировать Steam ID"
              onClick={() => void copySteamId(user.steamId)}
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
            <div className="flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <dt>Регистрация:</dt>
              <dd className="text-foreground/90">{formatDate(user.joinedDate)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              <dt>Последний вход:</dt>
              <dd className="text-foreground/90">{formatDateTime(user.lastSeen)}</dd>
            </div>
          </dl>
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={<Wallet />}
          label="Баланс"
          value={formatRoubles(user.balance)}
          action={
            <Button size="sm" onClick={onTopUp} className="w-fit">
              <Plus aria-hidden="true" />
              Пополнить
            </Button>
          }
        />
        <StatCard
          icon={<TrendingUp />}
          label="Всего потрачено"
          value={formatRoubles(user.totalSpent)}
        />
        <StatCard
          icon={<ShoppingBag />}
          label="Покупок"
          value={formatNumber(user.purchasesCount)}
        />
        <StatCard
          icon={<Server />}
          label="Любимый сервер"
          value={user.favoriteServer || 'Не выбран'}
          text
        />
      </div>

      {isVipActive(user) && (
        <Card
          surface="custom"
          className="flex items-center gap-4 border-yellow-400/30 bg-gradient-to-r from-yellow-500/15 to-transparent p-5"
        >
          <Crown className="size-9 text-yellow-300" aria-hidden="true" />
          <div>
            <p className="font-display text-lg font-bold tracking-wide text-white uppercase">
              VIP {vipTierLabel(user.vipStatus, vipTiers)}
            </p>
            <p className="text-sm text-muted-foreground">
              Действует до {formatDateTime(user.vipExpiresAt)}
            </p>
          </div>
        </Card>
      )}
    </div>
  );
}
