import { lazy, Suspense } from 'react';
import { useSession } from '@/features/auth/use-session';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { useServers } from '@/features/servers/api/get-servers';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { ShopPage } from '@/features/shop/components/shop-page';
import { usePurchaseLauncher } from '@/features/shop/use-purchase-launcher';

// The dialog, its form and its libraries arrive with the first «Купить», not with the catalogue.
const PurchaseDialog = lazy(async () => ({
  default: (await import('@/features/shop/components/purchase-dialog')).PurchaseDialog,
}));

export function ShopRoute() {
  const { isAuthenticated, user } = useSession();
  const servers = useServers();
  const site = useSiteSettings();
  const addToCart = useAddToCart();
  const { refetch } = servers;
  const launcher = usePurchaseLauncher(servers.data, refetch);

  return (
    <>
      <ShopPage
        site={site.data}
        isAuthenticated={isAuthenticated}
        userId={user?.id ?? null}
        servers={servers.data ?? []}
        onBuy={isAuthenticated ? launcher.start : undefined}
      />
      {launcher.target && user && (
        <Suspense fallback={null}>
          <PurchaseDialog
            key={launcher.target.product.id}
            target={launcher.target}
            servers={servers.data ?? []}
            balance={user.balance}
            wipeWarnHours={site.data?.wipeWarnHours ?? 0}
            vipTiers={site.data?.vipTiers}
            onClose={launcher.close}
            onAddToCart={addToCart.mutateAsync}
          />
        </Suspense>
      )}
    </>
  );
}
