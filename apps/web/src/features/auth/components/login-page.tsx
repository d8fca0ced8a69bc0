import type { PublicSite } from '@shop/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { toast } from '@/lib/toast';
import { SiteIcon } from '@/components/site-icon';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { AUTH_ERROR_FALLBACK, AUTH_ERROR_TITLE } from '../messages';
import { SteamSignInButton } from './steam-sign-in-button';

/** Columns for the owner's sign-in cards: rows stay full where the count allows. */
const cardColumns: Record<number, string> = {
  1: 'max-w-md',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

/** The owner's words (`texts.login`) around the Steam button, which is the shop's own. */
export function LoginPage({
  login,
  logo,
}: {
  /** The owner's sign-in texts; undefined before the settings arrive (nothing of theirs is drawn). */
  login: PublicSite['texts']['login'] | undefined;
  logo?: React.ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const failed = searchParams.get('error') === 'steam';
  // Sent here when the session ended elsewhere: on every device, or in another tab (lib/session-end.ts).
  const signedOut = searchParams.get('signedOut') === '1';
  const cards = login?.cards ?? [];

  useEffect(() => {
    if (!failed) return;
    toast.error(AUTH_ERROR_TITLE, { id: 'steam-error', description: AUTH_ERROR_FALLBACK });
    // Drop the flag so a reload does not repeat the notice.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [failed, setSearchParams]);

  // From a tablet's width up, 80 px of margin beside the content (a wide screen's own counts):
  // the floating community link sits there without covering a card.
  return (
    <main className="relative z-10 mx-auto flex min-h-dvh w-full max-w-5xl flex-col items-center justify-center gap-10 px-4 pt-16 pb-12 sm:px-[max(1rem,min(5rem,calc(5rem_-_(100vw_-_64rem)_/_2)))]">
      <Link
        to="/"
        className="absolute top-5 left-4 inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-foreground/80 hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        На главную
      </Link>

      {signedOut && (
        <p
          role="status"
          className="w-full max-w-md rounded-lg border border-warning/35 bg-black/70 px-4 py-3 text-center text-sm text-[#f5d27e]"
        >
          Сеанс завершён: вы вышли из аккаунта. Войдите снова, чтобы продолжить.
        </p>
      )}

      <Card surface="custom" className="w-full max-w-md overflow-hidden border-border bg-black/70">
        <div aria-hidden="true" className="hazard-stripe h-1.5" />
        <div className="flex flex-col items-center gap-5 px-6 py-10 text-center sm:px-10">
          {logo}
          <div className="min-w-0">
            <h1 className="font-display text-3xl font-extrabold tracking-wide break-words text-white uppercase">
              {login?.title}
            </h1>
            {login?.text && <p className="mt-3 text-sm text-muted-foreground">{login.text}</p>}
          </div>
          <SteamSignInButton />
          {login?.consent && <p className="text-xs text-muted-foreground/80">{login.consent}</p>}
        </div>
      </Card>

      {cards.length > 0 && (
        <ul className={cn('grid w-full gap-4', cardColumns[cards.length] ?? 'sm:grid-cols-3')}>
          {cards.map(({ icon, title, text }, index) => (
            <li key={index}>
              <Card surface="custom" className="h-full border-border bg-black/60 p-5">
                <SiteIcon icon={icon} className="mb-3 size-7 text-primary" />
                <h2 className="font-display text-lg font-bold tracking-wide uppercase">{title}</h2>
                <p className="mt-1.5 text-sm text-muted-foreground">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
