import { useSession } from '@/features/auth/use-session';
import { ServersPage } from '@/features/servers/components/servers-page';

export function ServersRoute() {
  const { isAuthenticated } = useSession();
  return <ServersPage isAuthenticated={isAuthenticated} />;
}
