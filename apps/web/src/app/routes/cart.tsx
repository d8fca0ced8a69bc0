import { useSession } from '@/features/auth/use-session';
import { CartPage } from '@/features/cart/components/cart-page';
import { useServers } from '@/features/servers/api/get-servers';
import { useTopUp } from '../layout/top-up-provider';

export function CartRoute() {
  const { user } = useSession();
  const servers = useServers();
  const { openTopUpWith } = useTopUp();
  return (
    <CartPage
      balance={user?.balance ?? 0}
      servers={servers.data ?? []}
      onTopUp={(amount) => openTopUpWith({ amount, redirect: 'new-tab' })}
    />
  );
}
