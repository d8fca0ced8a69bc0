import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  tone = 'default',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  tone?: 'default' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-white/12 bg-black/35 px-6 py-14 text-center backdrop-blur-sm',
        tone === 'error' && 'border-destructive/40',
        className,
      )}
    >
      {icon && (
        <div
          aria-hidden="true"
          className={cn(
            'mb-1 flex size-14 items-center justify-center rounded-full bg-white/5 text-muted-foreground [&_svg]:size-7',
            tone === 'error' && 'bg-destructive/10 text-[#ff8a7d]',
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
