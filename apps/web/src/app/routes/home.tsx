import { HomePage } from '@/features/home/components/home-page';
import { totalPlayersOnline, useServers } from '@/features/servers/api/get-servers';
import { useProducts } from '@/features/shop/api/get-products';
import { useSite } from '@/features/site/api/get-site-settings';

export function HomeRoute() {
  const servers = useServers();
  const site = useSite();
  // The popular shelf is optional: while the endpoint is missing or failing, the page simply omits it.
  const popular = useProducts({ popular: 'true' });
  const products = (popular.data ?? []).filter((product) => product.popular !== false).slice(0, 8);

  return (
    <HomePage
      texts={site?.texts}
      playersOnline={servers.isError ? 0 : totalPlayersOnline(servers.data)}
      playersLoading={servers.isPending}
      popularProducts={products}
      servers={servers.data ?? []}
    />
  );
}
