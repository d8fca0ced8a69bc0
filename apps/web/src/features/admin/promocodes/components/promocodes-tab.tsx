import type { Promocode } from '@shop/shared';
import { TicketPercent, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useDeletePromocode } from '../api/delete-promocode';
import { useAdminPromocodes } from '../api/get-admin-promocodes';
import { AdminSection } from '../../shared/components/admin-section';
import { PromocodeCreateForm } from './promocode-create-form';
import { PromocodeRow } from './promocode-row';

export function PromocodesTab() {
  const promocodes = useAdminPromocodes();
  const remove = useDeletePromocode();
  const [deleting, setDeleting] = useState<Promocode | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Успешно', { description: 'Промокод удален' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось удалить промокод') });
    } finally {
      setDeleting(null);
    }
  };

  let list: React.ReactNode;
  if (promocodes.isPending) list = <LoadingState text="Загрузка промокодов..." />;
  else if (promocodes.isError)
    list = (
      <EmptyState
        tone="error"
        icon={<TriangleAlert />}
        title={`Ошибка: ${promocodes.error.message}`}
      />
    );
  else if (promocodes.data.length === 0)
    list = <EmptyState icon={<TicketPercent />} title="Промокоды не найдены" />;
  else
    list = (
      <ul aria-label="Промокоды" className="flex flex-col gap-3">
        {promocodes.data.map((promo) => (
          <PromocodeRow key={promo.id} promo={promo} onDelete={() => setDeleting(promo)} />
        ))}
      </ul>
    );

  return (
    <AdminSection title="Промокоды">
      <div className="grid items-start gap-5 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <PromocodeCreateForm />
        <div>{list}</div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить промокод?"
        description={
          deleting ? `Код «${deleting.code}» перестанет работать для новых активаций.` : undefined
        }
        confirmLabel="Удалить"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </AdminSection>
  );
}
