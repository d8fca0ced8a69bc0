import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-border bg-card text-foreground shadow-[0_10px_40px_-20px_rgb(0_0_0/0.9)] backdrop-blur-md',
        className,
      )}
      {...props}
    />
  );
}
