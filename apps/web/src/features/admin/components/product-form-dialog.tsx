import type { AdminProduct, AdminServer } from '@shop/shared';
import { LoaderCircle } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { saveFormResult } from '../form-result';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  emptyProductForm,
  productFormToPayload,
  productToForm,
  type ProductFormValues,
} from '../product-form';
import { PickedItemBar } from './picked-item-bar';
import { ProductFormFields } from './product-form-fields';

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
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const busy = create.isPending || update.isPending;
  const [naming, setNaming] = useState(false);
  const form = useForm<ProductFormValues>({ defaultValues: emptyProductForm });
  const { control, handleSubmit, reset, setValue, setError, clearErrors, formState } = form;
  const formError = formState.errors.root?.message;
  const [itemId, itemName, category] = useWatch({
    control,
    name: ['gameItemId', 'gameItemName', 'category'],
  });

  // Reset before the opened dialog is painted, so nothing typed into it is wiped afterwards.
  useLayoutEffect(() => {
    if (open) reset(product ? productToForm(product) : emptyProductForm);
  }, [open, product, reset]);

  const fill = (fields: Partial<ProductFormValues>) => {
    for (const [field, value] of Object.entries(fields))
      setValue(field as Field, value, { shouldDirty: true });
    clearErrors();
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const saved = await saveFormResult({
      result: productFormToPayload(values),
      markInvalid: (fields, message) => {
        for (const field of fields) setError(field as Field, { message });
        setError('root', { message });
      },
      editing: product !== null,
      save: (payload) =>
        product
          ? update.mutateAsync({ id: product.id, input: payload })
          : create.mutateAsync(payload),
      texts: {
        added: 'Товар добавлен',
        updated: 'Товар обновлен',
        addFailed: 'Не удалось добавить товар',
        updateFailed: 'Не удалось обновить товар',
      },
    });
    if (saved) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width="3xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Редактировать товар' : 'Добавить товар'}</DialogTitle>
          <DialogDescription>
            Выберите предмет из таблицы игры — остальное заполнится само. Поля со звёздочкой
            обязательны.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents" aria-label="Форма товара">
          <DialogBody className="grid gap-4 sm:grid-cols-2">
            <FormAlert className="sm:col-span-2">{formError}</FormAlert>
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
            <ProductFormFields form={form} servers={servers} naming={naming} />
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" disabled={busy || naming} aria-busy={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Сохранить
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
