import { Crown } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCatalogueLists } from '../api/get-catalogue-lists';
import { tierOptions } from '../catalogue-lists';
import { showsVipFields, vipGroup, type ProductFormValues } from '../product-form';
import { ProductRevokeField } from './product-revoke-field';
import { SelectField } from '../../shared/components/select-field';

type Field = keyof ProductFormValues;

/**
 * The VIP part of the product form: shown for the VIP category, and whenever a tier is set, so a
 * product's VIP settings never go out of sight while they are still submitted.
 */
export function ProductVipFields({
  form,
  err,
  aria,
}: {
  form: UseFormReturn<ProductFormValues>;
  err: (field: Field) => string | undefined;
  aria: (id: string, field: Field, hint?: boolean) => Record<string, unknown>;
}) {
  const { register, control } = form;
  const tiers = useCatalogueLists()?.vipTiers;
  const [category, tier, untilWipe] = useWatch({
    control,
    name: ['category', 'vipTier', 'untilWipe'],
  });
  if (!showsVipFields(category, tier)) return null;
  const group = tier === 'none' ? 'vip_<уровень>' : vipGroup(tier);

  return (
    <fieldset className="grid gap-4 rounded-lg border border-accent/25 bg-accent/5 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-bold text-accent">
        <Crown className="size-4" aria-hidden="true" />
        VIP
      </legend>
      <FormField
        id="product-vip-tier"
        label="Уровень VIP"
        error={err('vipTier')}
        hint="Покупатель получает этот уровень на указанный срок за каждый стак."
      >
        <SelectField
          control={control}
          name="vipTier"
          options={[['none', 'Нет'], ...tierOptions(tiers, tier === 'none' ? [] : [tier])]}
          aria={aria('product-vip-tier', 'vipTier', true)}
        />
      </FormField>
      <FormField id="product-vip-days" label="Срок VIP, дней" error={err('vipDays')}>
        <Input
          {...aria('product-vip-days', 'vipDays')}
          type="number"
          min={1}
          max={3650}
          step={1}
          inputMode="numeric"
          placeholder="30"
          {...register('vipDays')}
        />
      </FormField>
      <ProductRevokeField
        form={form}
        err={err}
        aria={aria}
        label="Команды окончания VIP"
        placeholder={`oxide.usergroup remove {playerId} ${group}`}
        hint={
          <>
            Выполняются, когда VIP заканчивается{untilWipe && ' или сервер вайпается'}; через
            запятую, {'{playerId}'} — SteamID покупателя. Пусто —{' '}
            <code className="font-mono">oxide.usergroup remove {`{playerId} ${group}`}</code>. Если
            пусты «Команды выдачи», при покупке выполняется{' '}
            <code className="font-mono">oxide.usergroup add {`{playerId} ${group}`}</code>.
          </>
        }
      />
    </fieldset>
  );
}
