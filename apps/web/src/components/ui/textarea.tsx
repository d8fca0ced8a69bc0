import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// The height a field starts from and its corners: a form field, a short note, a chat line.
const textareaShapes = {
  field: 'min-h-20 rounded-md',
  note: 'min-h-16 rounded-md',
  line: 'min-h-10 rounded-lg',
} as const;

export function Textarea({
  className,
  shape = 'field',
  ...props
}: ComponentProps<'textarea'> & { shape?: keyof typeof textareaShapes }) {
  return (
    <textarea
      className={cn(
        'w-full min-w-0 border border-input bg-black/40 px-3 py-2 text-sm text-foreground shadow-inner transition-colors placeholder:text-muted-foreground/80 hover:border-white/25 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
        textareaShapes[shape],
        className,
      )}
      {...props}
    />
  );
}
