import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

/** A Radix select bound to a react-hook-form field; `aria` comes from fieldAria() for its label. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  aria,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  options: readonly (readonly [value: string, label: string])[];
  placeholder?: string;
  aria: Record<string, unknown>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange}>
          <SelectTrigger {...aria} onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
