import type { AdminProduct, AdminServer } from '@shop/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useCatalogueLists } from '../api/get-catalogue-lists';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  emptyProductForm,
  productFormToPayload,
  productToForm,
  type ProductFormValues,
} from '../product-form';
import { useAdminForm } from '../../shared/use-admin-form';
import { AdminFormDialog } from '../../shared/components/admin-form-dialog';
import { KitItemsEditor } from './kit-items-editor';
import { PickedItemBar } from './picked-item-bar';
import { ProductFormFields } from './product-form-fields';
import { ProductKindSwitch } from './product-kind-switch';

type Field = keyof ProductFormValues;

/** Add (product = null) or edit a product; the item picker fills the game fields. */
export function ProductFormDialog({
  open,
  product,
  servers,
  onOpenChange,
}: {
  open: boolean;
  product: AdminProduct | null;
  servers: readonly Pick<AdminServer, 'id' | 'name'>[];
  onOpenChange: (open: boolean) => void;
}) {
  const [naming, setNaming] = useState(false);
  const lists = useCatalogueLists();
  const { form, onSubmit, busy, formError } = useAdminForm({
    open,
    editing: product,
    empty: emptyProductForm,
    toForm: productToForm,
    toPayload: (values) => productFormToPayload(values, lists),
    create: useCreateProduct(),
    update: useUpdateProduct(),
    texts: {
      added: 'Товар добавлен',
      updated: 'Товар обновлен',
      addFailed: 'Не удалось добавить товар',
      updateFailed: 'Не удалось обновить товар',
    },
    onSaved: () => onOpenChange(false),
  });
  const { control, setValue, clearErrors } = form;
  const [itemId, itemName, category, kind] = useWatch({
    control,
    name: ['gameItemId', 'gameItemName', 'category', 'kind'],
  });
  // A new kit goes to the owner's kits category while none is chosen.
  const kitCategory = lists?.categories.find((listed) => listed.key === 'kits' && !listed.hidden);
  const kindChanged = (next: ProductFormValues['kind']) => {
    clearErrors();
    if (next === 'kit' && !category && kitCategory) setValue('category', kitCategory.key);
  };

  const fill = (fields: Partial<ProductFormValues>) => {
    for (const [field, value] of Object.entries(fields))
      setValue(field as Field, value, { shouldDirty: true });
    clearErrors();
  };

  return (
    <AdminFormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      saveDisabled={naming}
      width="3xl"
      title={product ? 'Редактировать товар' : 'Добавить товар'}
      description="Выберите предмет из таблицы игры — остальное заполнится само, или соберите набор из нескольких предметов. Поля со звёздочкой обязательны."
      label="Форма товара"
      columns={2}
      formError={formError}
      onSubmit={onSubmit}
    >
      <ProductKindSwitch form={form} onChange={kindChanged} />
      {kind === 'kit' ? (
        <KitItemsEditor form={form} />
      ) : (
        <PickedItemBar
          itemId={itemId}
          itemName={itemName}
          category={category}
          editedIcon={
            product && product.gameItemId !== null
              ? { itemId: String(product.gameItemId), src: product.shownImage }
              : null
          }
          onPicked={fill}
          onNamingChange={setNaming}
        />
      )}
      <ProductFormFields form={form} servers={servers} naming={naming} />
    </AdminFormDialog>
  );
}
