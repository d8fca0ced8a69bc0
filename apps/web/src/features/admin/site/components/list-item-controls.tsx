import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Up, down and remove for one row of a list the owner orders; `name` says which row for readers. */
export function ListItemControls({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove?: () => void;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Выше: ${name}`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Ниже: ${name}`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      {onRemove && (
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          aria-label={`Удалить: ${name}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** One row of a list the owner orders: a framed group titled `name`, its controls, its fields. */
export function ListItemCard({
  children,
  ...controls
}: Parameters<typeof ListItemControls>[0] & { children: ReactNode }) {
  return (
    <li>
      <div
        role="group"
        aria-label={controls.name}
        className="grid gap-3 rounded-lg border border-white/10 p-4"
      >
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium">{controls.name}</p>
          <ListItemControls {...controls} />
        </div>
        {children}
      </div>
    </li>
  );
}
