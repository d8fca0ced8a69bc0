import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Height and text size: a form field, a code typed in big, a number shown in big.
const inputLooks = {
  field: 'h-10 text-sm',
  code: 'h-12 text-base',
  number: 'h-10 text-base',
} as const;

export function Input({
  className,
  type = 'text',
  look = 'field',
  ...props
}: ComponentProps<'input'> & { look?: keyof typeof inputLooks }) {
  return (
    <input
      type={type}
      className={cn(
        'w-full min-w-0 rounded-md border border-input bg-black/40 px-3 text-foreground shadow-inner transition-colors placeholder:text-muted-foreground/80 hover:border-white/25 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/30 read-only:bg-black/25',
        inputLooks[look],
        className,
      )}
      {...props}
    />
  );
}
