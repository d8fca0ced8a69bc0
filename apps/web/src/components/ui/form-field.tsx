import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, Label } from './label';

/** Label, control, hint and error of one form field; the ids tie them together for screen readers. */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {/* The star sits outside the <label> so the field's accessible name is exactly `label`. */}
      <div className="flex items-center gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm leading-none text-primary">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** aria props a control inside FormField needs. */
export function fieldAria(id: string, error?: string, hint?: boolean, invalid = Boolean(error)) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
  } as const;
}

/** A form-wide message (one text for several fields), announced when it appears. */
export function FormAlert({
  children,
  className,
}: {
  children?: string | null;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cn(
        'rounded-md border border-destructive/40 bg-destructive/12 px-3 py-2 text-sm font-medium text-[#ff9b91]',
        className,
      )}
    >
      {children}
    </p>
  );
}
