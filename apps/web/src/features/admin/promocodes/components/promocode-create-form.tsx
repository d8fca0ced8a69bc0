import { LoaderCircle, Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/api-client';
import { useCreatePromocode } from '../api/create-promocode';
import {
  emptyPromocodeForm,
  promocodeFormToPayload,
  promoTypeOptions,
  type PromocodeField,
  type PromocodeFormValues,
} from '../promocode-form';
import { SelectField } from '../../shared/components/select-field';

/** Today as 'YYYY-MM-DD' in the admin's zone: the earliest expiry the date picker offers. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function PromocodeCreateForm() {
  const create = useCreatePromocode();
  const { register, control, handleSubmit, reset, setError, clearErrors, formState } =
    useForm<PromocodeFormValues>({ defaultValues: emptyPromocodeForm });
  const type = useWatch({ control, name: 'type' });
  const busy = create.isPending;

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const result = promocodeFormToPayload(values);
    if (!result.ok) {
      const entries = Object.entries(result.errors) as [PromocodeField, string][];
      entries.forEach(([field, message], index) =>
        setError(field, { message }, { shouldFocus: index === 0 }),
      );
      toast.error('Ошибка', { description: entries[0]?.[1] });
      return;
    }
    try {
      await create.mutateAsync(result.payload);
      toast.success('Успешно', { description: 'Промокод создан' });
      reset(emptyPromocodeForm);
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось создать промокод') });
    }
  });

  const aria = (id: string, field: PromocodeField, hint = false) =>
    fieldAria(id, formState.errors[field]?.message, hint);
  const err = (field: PromocodeField) => formState.errors[field]?.message;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Новый промокод"
      className="grid content-start gap-4 rounded-lg border border-white/8 bg-black/35 p-4"
    >
      <h3 className="font-bold text-white">Новый промокод</h3>
      <FormField
        id="promo-code"
        label="Код промокода"
        required
        hint="4–20 символов: заглавные буквы, цифры, дефис."
        error={err('code')}
      >
        <Input
          {...aria('promo-code', 'code', true)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="WIPE-2025"
          className="font-mono tracking-wider uppercase placeholder:normal-case"
          {...register('code', { setValueAs: (value: string) => value.toUpperCase() })}
        />
      </FormField>
      <FormField id="promo-type" label="Тип">
        <SelectField
          control={control}
          name="type"
          options={promoTypeOptions}
          aria={aria('promo-type', 'type')}
        />
      </FormField>
      <FormField
        id="promo-discount"
        label="Размер скидки"
        required
        hint={type === 'fixed' ? 'Рублей на баланс сразу.' : 'Процентов к следующему пополнению.'}
        error={err('discount')}
      >
        <Input
          {...aria('promo-discount', 'discount', true)}
          inputMode="decimal"
          autoComplete="off"
          placeholder={type === 'fixed' ? '100' : '10'}
          {...register('discount')}
        />
      </FormField>
      <FormField
        id="promo-usage-limit"
        label="Максимум использований"
        required
        error={err('usageLimit')}
      >
        <Input
          {...aria('promo-usage-limit', 'usageLimit')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="100"
          {...register('usageLimit')}
        />
      </FormField>
      <FormField
        id="promo-expires-at"
        label="Действует до"
        hint="Пусто — бессрочно."
        error={err('expiresAt')}
      >
        <Input
          {...aria('promo-expires-at', 'expiresAt', true)}
          type="date"
          min={today()}
          className="[color-scheme:dark]"
          {...register('expiresAt')}
        />
      </FormField>
      <FormField id="promo-description" label="Описание" error={err('description')}>
        <Textarea
          {...aria('promo-description', 'description')}
          rows={2}
          placeholder="Для кого и за что код"
          {...register('description')}
        />
      </FormField>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        Создать промокод
      </Button>
    </form>
  );
}
