import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const paddings = { sm: 'py-8', md: 'py-10', lg: 'py-14' } as const;

export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  tone = 'default',
  padding = 'lg',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  tone?: 'default' | 'error';
  /** Less room inside panels and dialogs than on a page section. */
  padding?: keyof typeof paddings;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-black/35 px-6 text-center backdrop-blur-sm',
        tone === 'error' ? 'border-destructive/40' : 'border-white/12',
        paddings[padding],
        className,
      )}
    >
      {icon && (
        <div
          aria-hidden="true"
          className={cn(
            'mb-1 flex size-14 items-center justify-center rounded-full [&_svg]:size-7',
            tone === 'error'
              ? 'bg-destructive/10 text-[#ff8a7d]'
              : 'bg-white/5 text-muted-foreground',
          )}
        >
          {icon}
        </div>
      )}
      <p className="font-display text-lg font-bold tracking-wide uppercase">{title}</p>
      {description && <div className="max-w-md text-sm text-muted-foreground">{description}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
