import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The one h1 of a page, with the rust underline that marks headings across the site. */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-8 flex flex-wrap items-end justify-between gap-4', className)}>
      <div>
        <h1 className="font-display text-4xl font-extrabold tracking-wide text-white uppercase drop-shadow-[0_2px_12px_rgb(0_0_0/0.8)] sm:text-5xl">
          {title}
        </h1>
        <div aria-hidden="true" className="mt-3 h-1 w-20 rounded-full bg-primary" />
        {description && (
          <p className="mt-4 max-w-2xl text-base text-foreground/80">{description}</p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
