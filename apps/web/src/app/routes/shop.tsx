import { useSession } from '@/features/auth/use-session';
import { useServers } from '@/features/servers/api/get-servers';
import { ShopPage } from '@/features/shop/components/shop-page';

export function ShopRoute() {
  const { isAuthenticated, user } = useSession();
  const servers = useServers();
  return (
    <ShopPage
      isAuthenticated={isAuthenticated}
      userId={user?.id ?? null}
      servers={servers.data ?? []}
    />
  );
}
