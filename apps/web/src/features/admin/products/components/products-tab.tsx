import type { AdminProduct } from '@shop/shared';
import { Boxes, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { useCatalogueLists } from '../api/get-catalogue-lists';
import { errorText } from '@/lib/api-client';
import { useAdminProducts } from '../../shared/api/get-admin-products';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useDeleteProduct } from '../api/delete-product';
import { useProductOrders } from '../api/get-product-orders';
import { usePatchProduct, type ProductFlags } from '../api/patch-product';
import { filterAdminProducts } from '../../shared/filter-admin-products';
import { categoryOptions } from '../catalogue-lists';
import { AdminProductCard } from './admin-product-card';
import { AdminSection } from '../../shared/components/admin-section';
import { ItemImportButton } from './item-import-button';
import { ProductFormDialog } from './product-form-dialog';

export function ProductsTab() {
  const products = useAdminProducts();
  const servers = useAdminServers();
  const lists = useCatalogueLists();
  const patch = usePatchProduct();
  const remove = useDeleteProduct();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [form, setForm] = useState<{ open: boolean; product: AdminProduct | null }>({
    open: false,
    product: null,
  });
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const orders = useProductOrders(deleting?.id ?? null);
  const hasOrders = orders.data?.hasOrders === true;

  const visible = useMemo(
    () => filterAdminProducts(products.data ?? [], search, category),
    [products.data, search, category],
  );
  // The owner's categories, and any a product keeps that the settings no longer list.
  const filterOptions = useMemo(
    () =>
      categoryOptions(
        lists?.categories,
        (products.data ?? []).map((product) => product.category),
      ),
    [lists, products.data],
  );
  const serverName = (server: string) =>
    server === 'all'
      ? 'Все серверы'
      : (servers.data?.find((candidate) => String(candidate.id) === server)?.name ??
        'Неизвестный сервер');

  const toggle = async (product: AdminProduct, flags: ProductFlags, done: string) => {
    try {
      await patch.mutateAsync({ id: product.id, flags });
      toast.success('Успешно', { description: done });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось изменить товар') });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    // A product that was ever ordered cannot be deleted (its orders keep pointing at it): the
    // dialog offers to hide it instead, the eye button's action.
    if (hasOrders) {
      if (deleting.isActive) await toggle(deleting, { isActive: false }, 'Товар скрыт');
      setDeleting(null);
      return;
    }
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Успешно', { description: 'Товар удален' });
    } catch (error) {
      // A 409 carries SPEC's "linked to orders" message: shown as is.
      toast.error('Ошибка', { description: errorText(error, 'Не удалось удалить товар') });
    } finally {
      setDeleting(null);
    }
  };

  let content: React.ReactNode;
  if (products.isPending) content = <LoadingState text="Загрузка товаров..." />;
  else if (products.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${products.error.message}`} />;
  else if (visible.length === 0)
    content = <EmptyState icon={<Boxes />} title="Товары не найдены" />;
  else
    content = (
      <ul aria-label="Товары" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {visible.map((product) => (
          <li key={product.id} className="flex [&>article]:w-full">
            <AdminProductCard
              product={product}
              lists={lists}
              serverName={serverName(product.server)}
              busy={patch.isPending && patch.variables?.id === product.id}
              onToggleActive={() =>
                void toggle(
                  product,
                  { isActive: !product.isActive },
                  product.isActive ? 'Товар скрыт' : 'Товар показан',
                )
              }
              onTogglePopular={() =>
                void toggle(
                  product,
                  { popular: !product.popular },
                  product.popular ? 'Товар убран из популярных' : 'Товар добавлен в популярные',
                )
              }
              onEdit={() => setForm({ open: true, product })}
              onDelete={() => setDeleting(product)}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <AdminSection
      title="Товары"
      actions={
        <div className="flex flex-wrap gap-2">
          <ItemImportButton />
          <Button size="sm" onClick={() => setForm({ open: true, product: null })}>
            <Plus aria-hidden="true" />
            Добавить товар
          </Button>
        </div>
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <Search
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Поиск товара по названию"
            placeholder="Поиск по названию..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger aria-label="Категория товаров">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">Все категории</SelectItem>
            {filterOptions.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {content}
      <ProductFormDialog
        open={form.open}
        product={form.product}
        servers={servers.data ?? []}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          hasOrders
            ? `Товар «${deleting?.name ?? ''}» нельзя удалить`
            : deleting
              ? `Удалить товар «${deleting.name}»?`
              : 'Удалить товар?'
        }
        description={deleteDescription(deleting, orders)}
        confirmLabel={hasOrders ? (deleting?.isActive ? 'Скрыть' : 'Понятно') : 'Удалить'}
        destructive={!hasOrders}
        // Until the shop says whether it was ever ordered, nothing can be offered.
        busy={remove.isPending || patch.isPending || orders.isPending || orders.isError}
        onConfirm={() => void confirmDelete()}
      />
    </AdminSection>
  );
}

/** What the delete dialog says: a product with orders is hidden instead, one without goes for good. */
function deleteDescription(
  product: AdminProduct | null,
  orders: ReturnType<typeof useProductOrders>,
): string {
  if (orders.isPending) return 'Проверяем, есть ли у товара заказы...';
  if (orders.isError)
    return 'Не удалось проверить заказы товара. Закройте окно и попробуйте ещё раз.';
  if (!orders.data.hasOrders) return 'Товар пропадёт из магазина навсегда.';
  const count = `У товара есть заказы (${orders.data.count}), их история должна сохраниться`;
  return product?.isActive
    ? `${count}. Его можно скрыть: покупатели перестанут его видеть, заказы останутся.`
    : `${count}. Он уже скрыт: покупатели его не видят.`;
}
