import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm leading-none font-medium text-foreground/90 select-none', className)}
      {...props}
    />
  );
}

/** A validation message tied to its field through aria-describedby by the caller. */
export function FieldError({ id, children }: { id: string; children?: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-[#ff7a6b]">
      {children}
    </p>
  );
}
