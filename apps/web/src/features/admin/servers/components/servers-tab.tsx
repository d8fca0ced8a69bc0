import type { AdminServer } from '@shop/shared';
import { Plus, Server } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryView } from '@/components/ui/query-view';
import { errorText } from '@/lib/api-client';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useDeleteServer } from '../api/delete-server';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminServerCard } from './admin-server-card';
import { RestoredKeysBanner } from './restored-keys-banner';
import { ServerFormDialog } from './server-form-dialog';

export function ServersTab() {
  const servers = useAdminServers();
  const remove = useDeleteServer();
  const [form, setForm] = useState<{ open: boolean; server: AdminServer | null }>({
    open: false,
    server: null,
  });
  const [deleting, setDeleting] = useState<AdminServer | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Успешно', { description: 'Сервер удален' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось удалить сервер') });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <AdminSection
      title="Серверы"
      actions={
        <Button size="sm" onClick={() => setForm({ open: true, server: null })}>
          <Plus aria-hidden="true" />
          Добавить сервер
        </Button>
      }
    >
      <RestoredKeysBanner />
      <QueryView
        query={servers}
        loading="Загрузка серверов..."
        empty="Серверы не найдены"
        emptyIcon={<Server />}
      >
        {(items) => (
          <div className="grid gap-4 xl:grid-cols-2">
            {items.map((server) => (
              <AdminServerCard
                key={server.id}
                server={server}
                onEdit={() => setForm({ open: true, server })}
                onDelete={() => setDeleting(server)}
              />
            ))}
          </div>
        )}
      </QueryView>
      <ServerFormDialog
        open={form.open}
        server={form.server}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Удалить сервер?"
        description={
          deleting ? `Сервер «${deleting.name}» пропадёт из магазина и списка серверов.` : undefined
        }
        confirmLabel="Удалить"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </AdminSection>
  );
}
