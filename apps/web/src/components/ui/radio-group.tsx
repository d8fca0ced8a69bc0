import { RadioGroup as RadioPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioPrimitive.Root>) {
  return <RadioPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

/** A whole tile is the radio: bigger target on phones, and the label stays inside the control. */
export function RadioCard({
  className,
  children,
  compact = false,
  ...props
}: ComponentProps<typeof RadioPrimitive.Item> & { compact?: boolean }) {
  return (
    <RadioPrimitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border border-input bg-black/35 px-3 text-left text-sm transition-colors hover:border-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary/12',
        compact ? 'py-2.5' : 'py-3',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex size-4 shrink-0 items-center justify-center rounded-full border border-white/40"
      >
        <RadioPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </span>
      {children}
    </RadioPrimitive.Item>
  );
}
