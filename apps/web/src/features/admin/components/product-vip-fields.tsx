import { vipTiers } from '@shop/shared';
import { Crown } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { vipGroup, type ProductFormValues } from '../product-form';
import { SelectField } from './select-field';

type Field = keyof ProductFormValues;
const tierOptions = [['none', 'Нет'], ...vipTiers.map((tier) => [tier, tier] as const)] as const;

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
  const [category, tier] = useWatch({ control, name: ['category', 'vipTier'] });
  if (category !== 'vip' && tier === 'none') return null;
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
          options={tierOptions}
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
      <FormField
        id="product-revoke-commands"
        label="Команды окончания VIP"
        error={err('revokeCommands')}
        hint={
          <>
            Выполняются, когда VIP заканчивается; через запятую, {'{playerId}'} — SteamID
            покупателя. Пусто —{' '}
            <code className="font-mono">oxide.usergroup remove {`{playerId} ${group}`}</code>. Если
            пусты «Команды выдачи», при покупке выполняется{' '}
            <code className="font-mono">oxide.usergroup add {`{playerId} ${group}`}</code>.
          </>
        }
        className="sm:col-span-2"
      >
        <Textarea
          {...aria('product-revoke-commands', 'revokeCommands', true)}
          rows={2}
          className="font-mono"
          placeholder={`oxide.usergroup remove {playerId} ${group}`}
          {...register('revokeCommands')}
        />
      </FormField>
    </fieldset>
  );
}
