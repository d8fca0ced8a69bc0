import type { AdminProduct, AdminServer } from '@shop/shared';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { useCatalogueLists } from '../../products/api/get-catalogue-lists';
import { categoryOptions } from '../../products/catalogue-lists';
import { saleTargetOptions, saleTimingOptions, type SaleFormValues } from '../sale-form';
import { fieldMessages } from '../../shared/use-admin-form';
import { SaleProductsField } from './sale-products-field';
import { SelectField } from '../../shared/components/select-field';

/** A row of radio tiles bound to one field of the sale form. */
function Choice<T extends 'targetKind' | 'timing'>({
  form,
  name,
  label,
  options,
}: {
  form: UseFormReturn<SaleFormValues>;
  name: T;
  label: string;
  options: readonly (readonly [SaleFormValues[T], string])[];
}) {
  return (
    <div className="grid gap-2 sm:col-span-6" role="group" aria-labelledby={`sale-${name}-label`}>
      <Label id={`sale-${name}-label`} asChild>
        <span>{label}</span>
      </Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            aria-labelledby={`sale-${name}-label`}
            className="sm:grid-cols-3"
          >
            {options.map(([value, text]) => (
              <RadioCard key={value} value={value} compact>
                {text}
              </RadioCard>
            ))}
          </RadioGroup>
        )}
      />
    </div>
  );
}

/** Every field of the sale form: name and percent, what it lowers, and when. */
export function SaleFormFields({
  form,
  servers,
  products,
}: {
  form: UseFormReturn<SaleFormValues>;
  servers: readonly Pick<AdminServer, 'id' | 'name'>[];
  products: readonly Pick<AdminProduct, 'id' | 'name' | 'category' | 'price' | 'originalPrice'>[];
}) {
  const { register, control, formState } = form;
  const [targetKind, timing, category] = useWatch({
    control,
    name: ['targetKind', 'timing', 'category'],
  });
  const categories = useCatalogueLists()?.categories;
  const { err, aria } = fieldMessages(form);

  return (
    <>
      <FormField
        id="sale-name"
        label="Название"
        required
        error={err('name')}
        className="sm:col-span-4"
      >
        <Input
          {...aria('sale-name', 'name')}
          autoComplete="off"
          placeholder="Вайп-распродажа"
          {...register('name')}
        />
      </FormField>
      <FormField
        id="sale-percent"
        label="Скидка, %"
        required
        error={err('percent')}
        className="sm:col-span-2"
      >
        <Input
          {...aria('sale-percent', 'percent')}
          type="number"
          min={1}
          max={90}
          step={1}
          inputMode="numeric"
          placeholder="30"
          {...register('percent')}
        />
      </FormField>

      <Choice form={form} name="targetKind" label="На что" options={saleTargetOptions} />
      {targetKind === 'category' && (
        <FormField
          id="sale-category"
          label="Категория"
          required
          error={err('category')}
          className="sm:col-span-6"
        >
          <SelectField
            control={control}
            name="category"
            options={categoryOptions(categories, [category])}
            placeholder="Выберите категорию"
            aria={aria('sale-category', 'category')}
          />
        </FormField>
      )}
      {targetKind === 'products' && (
        <FormField
          id="sale-products"
          label="Товары"
          required
          error={err('productIds')}
          className="sm:col-span-6"
        >
          <Controller
            control={control}
            name="productIds"
            render={({ field }) => (
              <SaleProductsField
                id="sale-products"
                products={products}
                categories={categories}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(formState.errors.productIds)}
                describedBy={err('productIds') ? 'sale-products-error' : undefined}
              />
            )}
          />
        </FormField>
      )}

      <Choice form={form} name="timing" label="Когда" options={saleTimingOptions} />
      {timing === 'timed' ? (
        <>
          <FormField
            id="sale-starts-at"
            label="Начало"
            required
            error={err('startsAt')}
            className="sm:col-span-3"
          >
            <Input
              {...aria('sale-starts-at', 'startsAt')}
              type="datetime-local"
              className="[color-scheme:dark]"
              {...register('startsAt')}
            />
          </FormField>
          <FormField
            id="sale-ends-at"
            label="Конец"
            required
            error={err('endsAt')}
            className="sm:col-span-3"
          >
            <Input
              {...aria('sale-ends-at', 'endsAt')}
              type="datetime-local"
              className="[color-scheme:dark]"
              {...register('endsAt')}
            />
          </FormField>
        </>
      ) : (
        <>
          <FormField
            id="sale-after-wipe-hours"
            label="Часов после вайпа"
            required
            error={err('afterWipeHours')}
            hint="Скидка действует столько часов после каждого вайпа сервера, только на нём."
            className="sm:col-span-3"
          >
            <Input
              {...aria('sale-after-wipe-hours', 'afterWipeHours', true)}
              type="number"
              min={1}
              max={720}
              step={1}
              inputMode="numeric"
              {...register('afterWipeHours')}
            />
          </FormField>
          <FormField
            id="sale-server"
            label="Сервер"
            required
            error={err('serverId')}
            className="sm:col-span-3"
          >
            <SelectField
              control={control}
              name="serverId"
              options={servers.map((server) => [String(server.id), server.name] as const)}
              placeholder="Выберите сервер"
              aria={aria('sale-server', 'serverId')}
            />
          </FormField>
        </>
      )}
    </>
  );
}
