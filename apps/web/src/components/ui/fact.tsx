import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One fact of a description list: an icon, a label read by screen readers only, and the value.
 * Use inside a <dl>.
 */
export function Fact({
  icon: Icon,
  label,
  children,
  className,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      {/* The icon sits in the <dt>: a <dl> row may hold nothing but its term and its value. */}
      <dt className="shrink-0">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}
