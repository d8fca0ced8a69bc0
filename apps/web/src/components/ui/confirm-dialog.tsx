import { LoaderCircle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from '@/lib/use-return-focus';
import { buttonVariants } from './button';

/** A yes/no question before something that cannot be undone (deleting, replacing a key). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-white/12 bg-popover text-foreground shadow-[0_30px_80px_-20px_rgb(0_0_0/0.95)] data-[state=open]:animate-zoom-in"
        >
          <div
            aria-hidden="true"
            className="h-1 w-full shrink-0 bg-gradient-to-r from-destructive via-primary to-destructive"
          />
          <div className="flex flex-col gap-2 px-6 pt-5 pb-5">
            <AlertDialog.Title className="font-display text-xl font-bold tracking-wide uppercase">
              {title}
            </AlertDialog.Title>
            {description ? (
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {description}
              </AlertDialog.Description>
            ) : (
              <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-white/8 bg-black/25 px-6 py-4 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'secondary' })}>
              Отмена
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
              disabled={busy}
              aria-busy={busy}
              onClick={(event) => {
                // The dialog closes when the caller's action settles, not on the click itself.
                event.preventDefault();
                onConfirm();
              }}
            >
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
