import { AdminPage } from '@/features/admin/components/admin-page';
import { useServers } from '@/features/servers/api/get-servers';

export function AdminRoute() {
  const servers = useServers();
  return <AdminPage servers={servers.data ?? []} />;
}
