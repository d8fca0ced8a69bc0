import type { Promocode } from '@shop/shared';
import { CalendarClock, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, formatNumber } from '@/lib/format';
import { promoState, promoStateLabels, promoValueLabel, usagePercent } from '../promocode-form';

const stateTone = {
  active: 'success',
  expired: 'destructive',
  exhausted: 'warning',
  inactive: 'secondary',
} as const;

/** One code: its value, how much of it is used up (a small bar), the expiry and whether it works. */
export function PromocodeRow({ promo, onDelete }: { promo: Promocode; onDelete: () => void }) {
  const state = promoState(promo);
  const used = usagePercent(promo);
  const titleId = `admin-promo-${promo.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="relative grid gap-3 rounded-lg border border-white/8 bg-black/35 p-4 pr-14 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-center sm:pr-4"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-mono text-base font-bold tracking-wider text-white">
            {promo.code}
          </h3>
          <Badge variant={stateTone[state]}>{promoStateLabels[state]}</Badge>
        </div>
        <p className="text-sm font-semibold text-accent">{promoValueLabel(promo)}</p>
        {promo.description && (
          <p className="truncate text-sm text-muted-foreground">{promo.description}</p>
        )}
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarClock className="size-3.5" aria-hidden="true" />
          {promo.expiresAt ? `Действует до ${formatDate(promo.expiresAt)}` : 'Бессрочно'}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <p className="text-xs text-muted-foreground">
          Использовано{' '}
          <span className="font-semibold text-foreground tabular-nums">
            {formatNumber(promo.usageCount)} / {formatNumber(promo.maxUses)}
          </span>
        </p>
        <div
          role="progressbar"
          aria-label={`Использовано ${promo.usageCount} из ${promo.maxUses}`}
          aria-valuemin={0}
          aria-valuemax={promo.maxUses}
          aria-valuenow={Math.min(promo.usageCount, promo.maxUses)}
          className="h-1.5 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className={cn('h-full rounded-full', used >= 100 ? 'bg-warning' : 'bg-primary')}
            style={{ width: `${used}%` }}
          />
        </div>
      </div>
      <Button
        variant="ghost-destructive"
        size="icon"
        onClick={onDelete}
        aria-label={`Удалить промокод ${promo.code}`}
        title="Удалить"
        className="absolute top-2.5 right-2.5 sm:static"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
