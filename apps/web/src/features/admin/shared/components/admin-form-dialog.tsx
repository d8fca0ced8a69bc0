import { LoaderCircle } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

// The fields' grid from a tablet's width up; the form-wide message spans it.
const grids = {
  2: { body: 'sm:grid-cols-2', alert: 'sm:col-span-2' },
  6: { body: 'sm:grid-cols-6', alert: 'sm:col-span-6' },
} as const;

/**
 * The frame of every admin add/edit dialog: title and help, the form-wide message above the fields,
 * and «Отмена» / «Сохранить». It cannot be closed while it saves.
 */
export function AdminFormDialog({
  open,
  onOpenChange,
  busy,
  saveDisabled = false,
  width,
  title,
  description,
  descriptionClassName,
  label,
  columns,
  formError,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Save held back for a reason of the form's own (a name still being looked up). */
  saveDisabled?: boolean;
  width?: '2xl' | '3xl';
  title: string;
  description: ReactNode;
  descriptionClassName?: string;
  /** The form's accessible name. */
  label: string;
  columns: keyof typeof grids;
  formError: string | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width={width}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents" aria-label={label}>
          <DialogBody className={cn('grid gap-4', grids[columns].body)}>
            <FormAlert className={grids[columns].alert}>{formError}</FormAlert>
            {children}
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" disabled={busy || saveDisabled} aria-busy={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Сохранить
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
