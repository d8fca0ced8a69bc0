import { useSession } from '@/features/auth/use-session';
import { PromocodesPage } from '@/features/promocodes/components/promocodes-page';

export function PromocodesRoute() {
  const { user } = useSession();
  return <PromocodesPage isAuthenticated={user !== null} balance={user?.balance ?? null} />;
}
