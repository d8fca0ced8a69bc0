import '@/features/admin/admin.css';
import { useEffect } from 'react';
import { AdminPage } from '@/features/admin/shared/components/admin-page';
import { useSession } from '@/features/auth/use-session';
import { loadToaster } from '@/lib/toast';

export function AdminRoute() {
  // The console reports every save with a toast straight from sonner: have the notification area ready.
  useEffect(() => void loadToaster(), []);
  // The server's list for this account: the panel shows only what it allows.
  const { permissions, user } = useSession();
  return <AdminPage permissions={permissions} selfId={user?.id ?? null} />;
}
