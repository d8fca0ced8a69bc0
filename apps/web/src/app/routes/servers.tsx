import { useSession } from '@/features/auth/use-session';
import { ServersPage } from '@/features/servers/components/servers-page';

export function ServersRoute() {
  const { isAuthenticated, can } = useSession();
  // The host's load is for staff who look after servers (a moderator would be refused it).
  return <ServersPage isAuthenticated={isAuthenticated} isAdmin={can('servers')} />;
}
