import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const spinnerSizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export function Spinner({
  className,
  size = 'md',
}: {
  className?: string;
  size?: keyof typeof spinnerSizes;
}) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn(spinnerSizes[size], 'animate-spin text-primary', className)}
    />
  );
}

// The padding around a loading or empty state: a page section by default, less inside panels.
const statePaddings = { none: 'py-0', sm: 'py-8', md: 'py-10', lg: 'py-16' } as const;

/** A spinner with its text, announced politely to screen readers. */
export function LoadingState({
  text,
  className,
  padding = 'lg',
}: {
  text: string;
  className?: string;
  padding?: keyof typeof statePaddings;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted-foreground',
        statePaddings[padding],
        className,
      )}
    >
      <Spinner size="lg" />
      <span>{text}</span>
    </div>
  );
}
