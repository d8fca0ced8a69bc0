import { LoginPage } from '@/features/auth/components/login-page';
import { Background } from '../layout/background';
import { DiscordCompactLink, DiscordLink } from '../layout/discord-link';
import { LogoMark } from '../layout/logo';

/** The login page sits outside the main layout (SPEC §2) but keeps the site's background. */
export function LoginRoute() {
  return (
    <>
      <Background />
      <LoginPage logo={<LogoMark className="size-16" />} />
      <DiscordLink />
      {/* Across from «На главную», above the page's card: it scrolls away with them, covering nothing. */}
      <DiscordCompactLink className="absolute top-3 right-4 z-20" />
    </>
  );
}
