import type { AdminProduct, AdminServer, Sale } from '@shop/shared';
import { useCatalogueLists } from '../../products/api/get-catalogue-lists';
import { useCreateSale } from '../api/create-sale';
import { useUpdateSale } from '../api/update-sale';
import { emptySaleForm, saleFormToPayload, saleToForm } from '../sale-form';
import { useAdminForm } from '../../shared/use-admin-form';
import { AdminFormDialog } from '../../shared/components/admin-form-dialog';
import { SaleFormFields } from './sale-form-fields';

/** Create (sale = null) or edit a sale. */
export function SaleFormDialog({
  open,
  sale,
  servers,
  products,
  onOpenChange,
}: {
  open: boolean;
  sale: Sale | null;
  servers: readonly Pick<AdminServer, 'id' | 'name'>[];
  products: readonly Pick<AdminProduct, 'id' | 'name' | 'category' | 'price' | 'originalPrice'>[];
  onOpenChange: (open: boolean) => void;
}) {
  const categories = useCatalogueLists()?.categories;
  const { form, onSubmit, busy, formError } = useAdminForm({
    open,
    editing: sale,
    empty: emptySaleForm,
    toForm: saleToForm,
    toPayload: (values) => saleFormToPayload(values, categories),
    create: useCreateSale(),
    update: useUpdateSale(),
    texts: {
      added: 'Распродажа создана',
      updated: 'Распродажа обновлена',
      addFailed: 'Не удалось создать распродажу',
      updateFailed: 'Не удалось обновить распродажу',
    },
    onSaved: () => onOpenChange(false),
  });

  return (
    <AdminFormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      width="2xl"
      title={sale ? 'Изменить распродажу' : 'Новая распродажа'}
      description="Покупатели видят старую цену зачёркнутой и размер скидки. Из нескольких распродаж на товар действует самая большая."
      label="Форма распродажи"
      columns={6}
      formError={formError}
      onSubmit={onSubmit}
    >
      <SaleFormFields form={form} servers={servers} products={products} />
    </AdminFormDialog>
  );
}
