import { Boxes, Package } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import type { ProductFormValues } from '../product-form';

const KINDS = [
  { value: 'item', title: 'Предмет', text: 'Один предмет или команды', Icon: Package },
  {
    value: 'kit',
    title: 'Набор предметов',
    text: 'Несколько предметов одной покупкой',
    Icon: Boxes,
  },
] as const;

/** What the product gives: one game item (or commands), or a kit of several items. */
export function ProductKindSwitch({
  form,
  onChange,
}: {
  form: UseFormReturn<ProductFormValues>;
  onChange: (kind: ProductFormValues['kind']) => void;
}) {
  return (
    <div className="grid gap-2 sm:col-span-2" role="group" aria-labelledby="product-kind-label">
      <Label id="product-kind-label" asChild>
        <span>Что продаётся</span>
      </Label>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onChange(value as ProductFormValues['kind']);
            }}
            aria-labelledby="product-kind-label"
            className="grid-cols-2"
          >
            {KINDS.map(({ value, title, text, Icon }) => (
              <RadioCard key={value} value={value} compact aria-label={title}>
                <Icon
                  className="size-4 shrink-0 text-muted-foreground max-sm:hidden"
                  aria-hidden="true"
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold text-white">{title}</span>
                  <span className="text-xs text-muted-foreground max-sm:hidden">{text}</span>
                </span>
              </RadioCard>
            ))}
          </RadioGroup>
        )}
      />
    </div>
  );
}
