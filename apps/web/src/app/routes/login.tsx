import { LoginPage } from '@/features/auth/components/login-page';
import { useSite } from '@/features/site/api/get-site-settings';
import { Background } from '../layout/background';
import { MainCommunityCompactLink, MainCommunityLink } from '../layout/main-community-link';
import { LogoMark } from '../layout/logo';

/** The login page sits outside the main layout (SPEC §2) but keeps the site's background. */
export function LoginRoute() {
  const site = useSite();
  return (
    <>
      <Background />
      <LoginPage login={site?.texts.login} logo={<LogoMark className="size-16" />} />
      <MainCommunityLink />
      {/* Across from «На главную», above the page's card: it scrolls away with them, covering nothing. */}
      <MainCommunityCompactLink className="absolute top-3 right-4 z-20" />
    </>
  );
}
