import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/use-session';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useSite } from '@/features/site/api/get-site-settings';
import { useNavigationKey } from '@/lib/navigation';
import { useTopUp } from '../layout/top-up-provider';

// Its form library loads when the tab is opened: most visits to the profile never do.
const ProfilePromoTab = lazy(async () => ({
  default: (await import('@/features/promocodes/components/profile-promo-tab')).ProfilePromoTab,
}));

export function ProfileRoute() {
  const { user, isLoading } = useSession();
  const { openTopUp } = useTopUp();
  const vipTiers = useSite()?.vipTiers;
  // SPEC: tab, pending form and dialog state reset on every navigation, even back to /profile itself.
  const key = useNavigationKey();

  return (
    <ProfilePage
      key={key}
      user={user}
      vipTiers={vipTiers}
      isLoading={isLoading}
      onTopUp={openTopUp}
      promocodesTab={
        user ? (
          <Suspense fallback={<LoadingState text="Загрузка..." />}>
            <ProfilePromoTab balance={user.balance} />
          </Suspense>
        ) : null
      }
    />
  );
}
