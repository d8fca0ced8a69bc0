import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { ProductFormValues } from '../product-form';

type Field = keyof ProductFormValues;

/**
 * «Команды окончания»: run when what the product granted ends (a VIP term, or the wipe for a
 * product «до вайпа»). One field, shown in whichever of the two parts of the form needs it.
 */
export function ProductRevokeField({
  form,
  err,
  aria,
  label,
  hint,
  placeholder,
}: {
  form: UseFormReturn<ProductFormValues>;
  err: (field: Field) => string | undefined;
  aria: (id: string, field: Field, hint?: boolean) => Record<string, unknown>;
  label: string;
  hint: ReactNode;
  placeholder: string;
}) {
  return (
    <FormField
      id="product-revoke-commands"
      label={label}
      error={err('revokeCommands')}
      hint={hint}
      className="sm:col-span-2"
    >
      <Textarea
        {...aria('product-revoke-commands', 'revokeCommands', true)}
        rows={2}
        className="font-mono"
        placeholder={placeholder}
        {...form.register('revokeCommands')}
      />
    </FormField>
  );
}
