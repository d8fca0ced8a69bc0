import { Hourglass } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { showsVipFields, type ProductFormValues } from '../product-form';
import { ProductRevokeField } from './product-revoke-field';

type Field = keyof ProductFormValues;

/**
 * What a wipe means for the product: not sold for some hours after it (so the first raid is not
 * bought), and whether what it grants lasts only until the next one, when its commands are undone.
 */
export function ProductWipeFields({
  form,
  err,
  aria,
}: {
  form: UseFormReturn<ProductFormValues>;
  err: (field: Field) => string | undefined;
  aria: (id: string, field: Field, hint?: boolean) => Record<string, unknown>;
}) {
  const { register, control } = form;
  const [category, tier, untilWipe, kind] = useWatch({
    control,
    name: ['category', 'vipTier', 'untilWipe', 'kind'],
  });
  // A VIP product keeps its end commands in the VIP part; one field, never two. A kit has none:
  // its items are the game's, which the wipe takes itself.
  const revokeHere = untilWipe && kind !== 'kit' && !showsVipFields(category, tier);

  return (
    <fieldset className="grid gap-4 rounded-lg border border-white/10 bg-black/25 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-bold text-accent">
        <Hourglass className="size-4" aria-hidden="true" />
        Вайп
      </legend>
      <FormField
        id="product-wipe-block-hours"
        label="Блокировка после вайпа, ч"
        error={err('wipeBlockHours')}
        hint="Столько часов после вайпа сервера товар не продаётся: 0 — без блокировки, до 720."
      >
        <Input
          {...aria('product-wipe-block-hours', 'wipeBlockHours', true)}
          type="number"
          min={0}
          max={720}
          step={1}
          inputMode="numeric"
          {...register('wipeBlockHours')}
        />
      </FormField>
      <div className="flex items-start gap-3 self-start rounded-lg border border-white/8 bg-black/30 p-3 sm:mt-6">
        <Controller
          control={control}
          name="untilWipe"
          render={({ field }) => (
            <Checkbox
              id="product-until-wipe"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby="product-until-wipe-hint"
              className="mt-0.5"
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor="product-until-wipe" className="cursor-pointer">
            До вайпа
          </Label>
          <p id="product-until-wipe-hint" className="text-xs text-muted-foreground">
            Купленное действует до следующего вайпа сервера: тогда выполняются команды окончания. В
            магазине товар подписан «до вайпа».
          </p>
        </div>
      </div>
      {revokeHere && (
        <ProductRevokeField
          form={form}
          err={err}
          aria={aria}
          label="Команды окончания"
          placeholder="oxide.revoke user {playerId} kit.starter"
          hint={
            <>Выполняются при вайпе сервера; через запятую, {'{playerId}'} — SteamID покупателя.</>
          }
        />
      )}
    </fieldset>
  );
}
