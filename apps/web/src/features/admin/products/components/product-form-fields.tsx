import type { AdminServer } from '@shop/shared';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCatalogueLists } from '../api/get-catalogue-lists';
import { categoryOptions } from '../catalogue-lists';
import type { ProductFormValues } from '../product-form';
import { fieldMessages } from '../../shared/use-admin-form';
import { ProductFlags } from './product-flags';
import { ProductVipFields } from './product-vip-fields';
import { ProductWipeFields } from './product-wipe-fields';
import { SelectField } from '../../shared/components/select-field';

/** Every field of the product form below the picked item. */
export function ProductFormFields({
  form,
  servers,
  naming,
}: {
  form: UseFormReturn<ProductFormValues>;
  servers: readonly Pick<AdminServer, 'id' | 'name'>[];
  naming: boolean;
}) {
  const { register, control } = form;
  const { err, aria } = fieldMessages(form);
  const categories = useCatalogueLists()?.categories;
  const [category, kind] = useWatch({ control, name: ['category', 'kind'] });
  // A kit has no item, stack, commands or VIP of its own: its lines say what it gives.
  const item = kind !== 'kit';

  return (
    <>
      <FormField id="product-name" label="Название" required error={err('name')}>
        <Input
          {...aria('product-name', 'name')}
          autoComplete="off"
          placeholder={naming ? 'Подбираем название...' : 'Штурмовая винтовка'}
          aria-busy={naming}
          {...register('name')}
        />
      </FormField>
      <FormField
        id="product-original-name"
        label="Оригинальное название"
        error={err('originalName')}
      >
        <Input
          {...aria('product-original-name', 'originalName')}
          autoComplete="off"
          placeholder="Assault Rifle"
          {...register('originalName')}
        />
      </FormField>
      {item && (
        <>
          <FormField
            id="product-game-item-name"
            label="Игровое название (shortname)"
            required
            error={err('gameItemName')}
          >
            <Input
              {...aria('product-game-item-name', 'gameItemName')}
              autoComplete="off"
              placeholder="rifle.ak"
              className="font-mono"
              {...register('gameItemName')}
            />
          </FormField>
          <FormField id="product-game-item-id" label="ID предмета" error={err('gameItemId')}>
            <Input
              {...aria('product-game-item-id', 'gameItemId')}
              inputMode="numeric"
              placeholder="1545779598"
              className="font-mono"
              {...register('gameItemId')}
            />
          </FormField>
        </>
      )}
      <FormField id="product-category" label="Категория" required error={err('category')}>
        <SelectField
          control={control}
          name="category"
          options={categoryOptions(categories, [category])}
          placeholder="Выберите категорию"
          aria={aria('product-category', 'category')}
        />
      </FormField>
      <FormField id="product-server" label="Сервер" error={err('server')}>
        <SelectField
          control={control}
          name="server"
          options={[
            ['all', 'Все серверы'],
            ...servers.map((server) => [String(server.id), server.name] as const),
          ]}
          aria={aria('product-server', 'server')}
        />
      </FormField>
      <FormField id="product-price" label="Цена, ₽" required error={err('price')}>
        <Input
          {...aria('product-price', 'price')}
          inputMode="decimal"
          placeholder="149,90"
          {...register('price')}
        />
      </FormField>
      {item && (
        <FormField
          id="product-quantity"
          label="Количество в стаке"
          error={err('quantity')}
          hint="Сколько штук выдаётся за один стак."
        >
          <Input
            {...aria('product-quantity', 'quantity', true)}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            {...register('quantity')}
          />
        </FormField>
      )}
      <FormField
        id="product-description"
        label="Описание"
        error={err('description')}
        className="sm:col-span-2"
      >
        <Textarea
          {...aria('product-description', 'description')}
          rows={2}
          {...register('description')}
        />
      </FormField>
      {item && (
        <FormField
          id="product-commands"
          label="Команды выдачи"
          error={err('commands')}
          hint="Через запятую; {playerId} заменяется на SteamID покупателя. Пусто — выдаётся сам предмет."
          className="sm:col-span-2"
        >
          <Textarea
            {...aria('product-commands', 'commands', true)}
            rows={2}
            className="font-mono"
            placeholder="oxide.usergroup add {playerId} vip"
            {...register('commands')}
          />
        </FormField>
      )}
      {item && <ProductVipFields form={form} err={err} aria={aria} />}
      <ProductWipeFields form={form} err={err} aria={aria} />
      <FormField
        id="product-image"
        label="Изображение (URL)"
        error={err('image')}
        hint="Пусто — значок предмета, если он есть у магазина, иначе рисунок категории."
      >
        <Input
          {...aria('product-image', 'image', true)}
          autoComplete="off"
          placeholder="https://cdn.example.com/kit-start.png"
          {...register('image')}
        />
      </FormField>
      <FormField
        id="product-personal-user-id"
        label="Личный подарок: ID пользователя"
        error={err('personalUserId')}
        hint="Необязательно. Если указан, купить товар сможет только этот пользователь, остальные увидят «ЛИЧНЫЙ»."
      >
        <Input
          {...aria('product-personal-user-id', 'personalUserId', true)}
          inputMode="numeric"
          autoComplete="off"
          {...register('personalUserId')}
        />
      </FormField>
      <ProductFlags control={control} />
    </>
  );
}
