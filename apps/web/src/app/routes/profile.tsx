import { useSession } from '@/features/auth/use-session';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { ProfilePromoTab } from '@/features/promocodes/components/profile-promo-tab';
import { useNavigationKey } from '@/lib/navigation';
import { useTopUp } from '../layout/top-up-provider';

export function ProfileRoute() {
  const { user, isLoading } = useSession();
  const { openTopUp } = useTopUp();
  // SPEC: tab, pending form and dialog state reset on every navigation, even back to /profile itself.
  const key = useNavigationKey();

  return (
    <ProfilePage
      key={key}
      user={user}
      isLoading={isLoading}
      onTopUp={openTopUp}
      promocodesTab={user ? <ProfilePromoTab balance={user.balance} /> : null}
    />
  );
}
