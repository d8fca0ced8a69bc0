import { useId, type ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** One text of the settings: its label, the control and a hint, tied together for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  maxLength,
  hint,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  /** The server's limit: the field stops there instead of refusing the whole section later. */
  maxLength?: number;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const props = {
    id,
    value,
    maxLength,
    placeholder,
    'aria-describedby': hint ? `${id}-hint` : undefined,
  };
  return (
    <FormField id={id} label={label} hint={hint} className={className}>
      {multiline ? (
        <Textarea {...props} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input {...props} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}

/** A whole number of the settings; an empty field is NaN, which publishing refuses by name. */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  hint,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <FormField id={id} label={label} hint={hint}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={Number.isFinite(value) ? String(value) : ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) =>
          onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
        }
      />
    </FormField>
  );
}
