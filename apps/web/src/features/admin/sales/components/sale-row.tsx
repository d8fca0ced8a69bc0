import type { Sale } from '@shop/shared';
import { CalendarClock, Pencil, Target, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { CategoryList } from '../../products/catalogue-lists';
import { saleState, saleStateLabels, saleTargetText } from '../sale-form';

const stateTone = {
  running: 'success',
  scheduled: 'secondary',
  'waiting-wipe': 'warning',
  finished: 'outline',
} as const;

/** «27.11.2026, 00:00 — 30.11.2026, 23:59» or «24 ч после каждого вайпа · Classic». */
export function saleWhenText(sale: Sale, serverName: string): string {
  if (sale.afterWipeHours !== null)
    return `${sale.afterWipeHours} ч после каждого вайпа · ${serverName}`;
  return `${formatDateTime(sale.startsAt)} — ${formatDateTime(sale.endsAt)}`;
}

/** One sale: its discount, what and when it lowers, and whether it runs now. */
export function SaleRow({
  sale,
  now,
  serverName,
  products,
  categories,
  onEdit,
  onDelete,
}: {
  sale: Sale;
  now: number;
  serverName: string;
  products: readonly { id: number; name: string }[];
  /** The owner's categories (`site.categories`), to name a category sale's target. */
  categories: CategoryList | undefined;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const state = saleState(sale, now);
  const titleId = `admin-sale-${sale.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-white/8 bg-black/35 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-center"
    >
      <p
        className="font-display text-3xl leading-none font-extrabold text-accent tabular-nums"
        aria-label={`Скидка ${sale.percent} %`}
      >
        −{sale.percent}&nbsp;%
      </p>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-bold break-words text-white">
            {sale.name}
          </h3>
          <Badge variant={stateTone[state]}>
            {state === 'running' && (
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
            )}
            {saleStateLabels[state]}
          </Badge>
        </div>
        <p className="flex items-start gap-1.5 text-sm text-foreground/90">
          <Target className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Товары: </span>
          {saleTargetText(sale.target, products, categories)}
        </p>
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">Когда: </span>
          {saleWhenText(sale, serverName)}
        </p>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Изменить ${sale.name}`}>
          <Pencil aria-hidden="true" />
          Изменить
        </Button>
        <Button
          variant="outline-destructive"
          size="sm"
          onClick={onDelete}
          aria-label={`Удалить ${sale.name}`}
        >
          <Trash2 aria-hidden="true" />
          Удалить
        </Button>
      </div>
    </li>
  );
}
