import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** `surface="custom"`: the caller's className gives the border colour and the background. */
export function Card({
  className,
  surface = 'card',
  ...props
}: ComponentProps<'div'> & { surface?: 'card' | 'custom' }) {
  return (
    <div
      className={cn(
        'rounded-xl border text-foreground shadow-[0_10px_40px_-20px_rgb(0_0_0/0.9)] backdrop-blur-md',
        surface === 'card' && 'border-border bg-card',
        className,
      )}
      {...props}
    />
  );
}
