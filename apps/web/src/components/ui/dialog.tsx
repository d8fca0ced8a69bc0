import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from '@/lib/use-return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

// How wide a dialog may grow (it always leaves a margin on a phone).
const dialogWidths = {
  sm: 'max-w-sm',
  lg: 'max-w-lg',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
} as const;

export function DialogContent({
  className,
  children,
  closeLabel = 'Закрыть',
  width = 'lg',
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel?: string;
  width?: keyof typeof dialogWidths;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[min(90dvh,52rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-white/12 bg-popover text-foreground shadow-[0_30px_80px_-20px_rgb(0_0_0/0.95)] data-[state=open]:animate-zoom-in',
          dialogWidths[width],
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus(event);
        }}
        {...props}
      >
        <div
          aria-hidden="true"
          className="h-1 w-full shrink-0 bg-gradient-to-r from-primary via-accent/80 to-primary"
        />
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3.5 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-white/10 hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 px-6 pt-5 pb-3 pr-12', className)} {...props} />;
}

/** Long texts (rules, agreements) scroll inside the dialog while the title and buttons stay put. */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-h-0 flex-1 overflow-y-auto px-6 pb-4', className)} {...props} />;
}

/** Buttons sit at the end; `between` puts the first child (a count, a note) at the start. */
export function DialogFooter({
  className,
  justify = 'end',
  ...props
}: ComponentProps<'div'> & { justify?: 'end' | 'between' }) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-white/8 bg-black/25 px-6 py-4 sm:flex-row',
        justify === 'end' ? 'sm:justify-end' : 'sm:justify-between',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('font-display text-xl font-bold tracking-wide uppercase', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
