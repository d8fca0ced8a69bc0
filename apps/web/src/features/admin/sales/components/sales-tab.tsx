import type { Sale } from '@shop/shared';
import { BadgePercent, Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useCatalogueLists } from '../../products/api/get-catalogue-lists';
import { errorText } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useAdminProducts } from '../../shared/api/get-admin-products';
import { useAdminSales } from '../api/get-admin-sales';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useDeleteSale } from '../api/delete-sale';
import { AdminSection } from '../../shared/components/admin-section';
import { SaleFormDialog } from './sale-form-dialog';
import { SaleRow } from './sale-row';

/** Sales: a percentage off every product, a category or chosen ones, for a while or after wipes. */
export function SalesTab() {
  const sales = useAdminSales();
  const servers = useAdminServers();
  const products = useAdminProducts();
  const categories = useCatalogueLists()?.categories;
  const remove = useDeleteSale();
  const now = useNow(60_000);
  const [form, setForm] = useState<{ open: boolean; sale: Sale | null }>({
    open: false,
    sale: null,
  });
  const [deleting, setDeleting] = useState<Sale | null>(null);
  const serverName = (id: number | null) =>
    servers.data?.find((server) => server.id === id)?.name ?? 'Неизвестный сервер';

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Успешно', { description: 'Распродажа удалена' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось удалить распродажу') });
    } finally {
      setDeleting(null);
    }
  };

  let list: React.ReactNode;
  if (sales.isPending) list = <LoadingState text="Загрузка распродаж..." />;
  else if (sales.isError)
    list = (
      <EmptyState tone="error" icon={<TriangleAlert />} title={`Ошибка: ${sales.error.message}`} />
    );
  else if (sales.data.length === 0)
    list = (
      <EmptyState
        icon={<BadgePercent />}
        title="Распродаж пока нет"
        description="Скидка на все товары, категорию или выбранные — на время или на первые часы после вайпа."
      />
    );
  else
    list = (
      <ul aria-label="Распродажи" className="flex flex-col gap-3">
        {sales.data.map((sale) => (
          <SaleRow
            key={sale.id}
            sale={sale}
            now={now}
            serverName={serverName(sale.serverId)}
            products={products.data ?? []}
            categories={categories}
            onEdit={() => setForm({ open: true, sale })}
            onDelete={() => setDeleting(sale)}
          />
        ))}
      </ul>
    );

  return (
    <AdminSection
      title="Распродажи"
      actions={
        <Button size="sm" onClick={() => setForm({ open: true, sale: null })}>
          <Plus aria-hidden="true" />
          Новая распродажа
        </Button>
      }
    >
      {list}
      <SaleFormDialog
        open={form.open}
        sale={form.sale}
        servers={servers.data ?? []}
        products={products.data ?? []}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить распродажу?"
        description={
          deleting
            ? `Скидка «${deleting.name}» перестанет действовать сразу: цены станут обычными.`
            : undefined
        }
        confirmLabel="Удалить"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </AdminSection>
  );
}
