import { useSession } from '@/features/auth/use-session';
import { CartPage } from '@/features/cart/components/cart-page';
import { useServers } from '@/features/servers/api/get-servers';
import { useProducts } from '@/features/shop/api/get-products';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { useTopUp } from '../layout/top-up-provider';

export function CartRoute() {
  const { user } = useSession();
  const servers = useServers();
  // The catalogue the shop page shows (cached from it): each server's own sale and wipe block.
  const catalogue = useProducts();
  const site = useSiteSettings();
  const { openTopUpWith } = useTopUp();
  return (
    <CartPage
      balance={user?.balance ?? 0}
      servers={servers.data ?? []}
      catalogue={catalogue.data ?? []}
      wipeWarnHours={site.data?.wipeWarnHours ?? 0}
      topUpTerms={site.data?.topUp}
      onTopUp={(amount) => openTopUpWith({ amount, redirect: 'new-tab' })}
    />
  );
}
