import { Controller, type Control } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { ProductFormValues } from '../product-form';

const flags = [
  { name: 'popular', label: 'Популярный', hint: 'На главной и с меткой «Популярное»' },
  { name: 'inStock', label: 'В наличии', hint: 'Иначе «Товар недоступен для покупки.»' },
  { name: 'isActive', label: 'Активен', hint: 'Скрытый товар не виден покупателям' },
] as const;

export function ProductFlags({ control }: { control: Control<ProductFormValues> }) {
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="sr-only">Флаги товара</legend>
      {flags.map((flag) => (
        <div
          key={flag.name}
          className="flex items-start gap-3 rounded-lg border border-white/8 bg-black/30 p-3"
        >
          <Controller
            control={control}
            name={flag.name}
            render={({ field }) => (
              <Switch
                id={`product-${flag.name}`}
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby={`product-${flag.name}-hint`}
              />
            )}
          />
          <div className="grid gap-1">
            <Label htmlFor={`product-${flag.name}`} className="cursor-pointer">
              {flag.label}
            </Label>
            <p id={`product-${flag.name}-hint`} className="text-xs text-muted-foreground">
              {flag.hint}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
