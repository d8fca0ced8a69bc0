import { useSession } from '@/features/auth/use-session';
import { ServersPage } from '@/features/servers/components/servers-page';

export function ServersRoute() {
  const { isAuthenticated, isAdmin } = useSession();
  return <ServersPage isAuthenticated={isAuthenticated} isAdmin={isAdmin} />;
}
