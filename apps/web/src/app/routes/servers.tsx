import { useSession } from '@/features/auth/use-session';
import { ServersPage } from '@/features/servers/components/servers-page';
import { useSite } from '@/features/site/api/get-site-settings';

export function ServersRoute() {
  const { isAuthenticated, can } = useSession();
  // The page is called what the owner calls it in the menu.
  const title = useSite()?.texts.nav.servers;
  // The host's load is for staff who look after servers (a moderator would be refused it).
  return <ServersPage isAuthenticated={isAuthenticated} isAdmin={can('servers')} title={title} />;
}
