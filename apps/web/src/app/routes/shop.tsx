import { useSession } from '@/features/auth/use-session';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { useServers } from '@/features/servers/api/get-servers';
import { PurchaseDialog } from '@/features/shop/components/purchase-dialog';
import { ShopPage } from '@/features/shop/components/shop-page';
import { usePurchaseLauncher } from '@/features/shop/use-purchase-launcher';

export function ShopRoute() {
  const { isAuthenticated, user } = useSession();
  const servers = useServers();
  const addToCart = useAddToCart();
  const { refetch } = servers;
  const launcher = usePurchaseLauncher(servers.data, refetch);

  return (
    <>
      <ShopPage
        isAuthenticated={isAuthenticated}
        userId={user?.id ?? null}
        servers={servers.data ?? []}
        onBuy={isAuthenticated ? launcher.start : undefined}
      />
      {launcher.target && user && (
        <PurchaseDialog
          key={launcher.target.product.id}
          target={launcher.target}
          servers={servers.data ?? []}
          balance={user.balance}
          onClose={launcher.close}
          onAddToCart={addToCart.mutateAsync}
        />
      )}
    </>
  );
}
