import { KIT_MAX_LINES } from '@shop/shared';
import { Boxes, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { Input } from '@/components/ui/input';
import type { ItemRow } from '../api/search-items';
import { itemToKitLine } from '../kit-form';
import type { ProductFormValues } from '../product-form';
import { ItemPickerDialog } from './item-picker-dialog';

/**
 * «Состав набора»: the kit's items, each with how many one kit gives, added through the item picker
 * the product form uses, removed by its line's button. One item once: a second pick of it goes to
 * its line's amount.
 */
export function KitItemsEditor({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { control, register, getFieldState, formState, setFocus, clearErrors } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'kitItems' });
  const [picking, setPicking] = useState(false);
  const full = fields.length >= KIT_MAX_LINES;

  const pick = (item: ItemRow) => {
    setPicking(false);
    const existing = fields.findIndex((line) => line.gameItemName === item.shortname);
    clearErrors('kitItems');
    if (existing >= 0) {
      toast.info('Этот предмет уже в наборе', { description: 'Измените количество в его строке.' });
      // After the picker hands focus back, so the amount is the field the admin lands in.
      setTimeout(() => setFocus(`kitItems.${existing}.amount`, { shouldSelect: true }), 0);
      return;
    }
    append(itemToKitLine(item), { shouldFocus: false });
    setTimeout(() => setFocus(`kitItems.${fields.length}.amount`, { shouldSelect: true }), 0);
  };

  return (
    <fieldset
      aria-describedby="product-kit-hint"
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:col-span-2 sm:p-4"
    >
      <legend className="flex items-center gap-1.5 px-1 text-sm font-bold text-accent">
        <Boxes className="size-4" aria-hidden="true" />
        Состав набора
        <span className="font-normal text-muted-foreground">
          · {fields.length} из {KIT_MAX_LINES}
        </span>
      </legend>
      <p id="product-kit-hint" className="text-xs text-muted-foreground">
        Количество — на один набор: купивший два набора получит всё вдвое. Выдаётся одной доставкой.
      </p>
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-white/15 px-3 py-4 text-center text-sm text-muted-foreground">
          В наборе пока нет предметов.
        </p>
      ) : (
        <ol aria-label="Предметы набора" className="grid grid-cols-1 gap-2">
          {fields.map((line, index) => {
            const amount = `kitItems.${index}.amount` as const;
            const invalid =
              getFieldState(amount, formState).invalid ||
              getFieldState(`kitItems.${index}.gameItemName`, formState).invalid;
            return (
              <li
                key={line.id}
                className="flex items-center gap-2 rounded-lg border border-white/8 bg-black/35 p-2 sm:gap-3"
              >
                <ImageWithFallback
                  src={line.image ?? undefined}
                  category={line.category ?? 'kits'}
                  alt=""
                  className="size-8 shrink-0 rounded-md bg-white/5 object-contain p-0.5 sm:size-10"
                />
                <div className="min-w-0 flex-1">
                  {/* Two lines on a phone rather than a name cut to its first word. */}
                  <p className="line-clamp-2 text-sm leading-tight font-semibold wrap-break-word text-white">
                    {line.name}
                  </p>
                  <p className="truncate font-mono text-[11px] text-muted-foreground">
                    {line.gameItemName}
                  </p>
                </div>
                <span aria-hidden="true" className="text-sm text-muted-foreground max-sm:hidden">
                  ×
                </span>
                {/* Input is full width by design: its box sets the width (cn does not merge). */}
                <div className="w-16 shrink-0 sm:w-28">
                  <Input
                    aria-label={`Количество: ${line.name}`}
                    aria-invalid={invalid || undefined}
                    inputMode="numeric"
                    autoComplete="off"
                    className="text-right tabular-nums"
                    {...register(amount)}
                  />
                </div>
                <Button
                  variant="ghost-destructive"
                  size="icon-sm"
                  onClick={() => remove(index)}
                  aria-label={`Убрать из набора: ${line.name}`}
                  title="Убрать"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => setPicking(true)}
        disabled={full}
        className="justify-self-start max-sm:w-full"
      >
        <Plus aria-hidden="true" />
        {full ? `Не больше ${KIT_MAX_LINES} предметов` : 'Добавить предмет'}
      </Button>
      <ItemPickerDialog open={picking} onOpenChange={setPicking} onPick={pick} />
    </fieldset>
  );
}
