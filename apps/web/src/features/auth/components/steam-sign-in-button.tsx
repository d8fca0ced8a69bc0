import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { API_BASE } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { startSignInState } from '../sign-in-state';

export const STEAM_AUTH_PATH = `${API_BASE}/auth/steam`;

function SteamMark({ className }: { className?: string }) {
  // A simple piston-and-wheel mark in Steam's spirit; lucide no longer ships brand icons.
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-9.96 9.1l5.36 2.22a2.8 2.8 0 0 1 1.6-.5h.16l2.38-3.46v-.05a3.77 3.77 0 1 1 3.77 3.77h-.09l-3.4 2.43v.13a2.83 2.83 0 0 1-5.6.57L2.4 14.7A10 10 0 1 0 12 2Zm-4.27 15.18-1.23-.5a2.13 2.13 0 1 0 1.17-2.92l1.27.53a1.57 1.57 0 1 1-1.2 2.9Zm9.52-7.86a2.51 2.51 0 1 0-2.51 2.51 2.51 2.51 0 0 0 2.51-2.51Zm-4.39 0a1.89 1.89 0 1 1 1.89 1.89 1.89 1.89 0 0 1-1.89-1.89Z" />
    </svg>
  );
}

/** Leaves the app for the server's Steam OpenID redirect; the server sends the browser back with a code that only this tab can trade. */
export function SteamSignInButton({ className }: { className?: string }) {
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    // Coming back with the browser's Back button restores this page from cache: unlock the button.
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  return (
    <Button
      size="lg"
      className={cn('w-full text-base', className)}
      disabled={redirecting}
      aria-busy={redirecting}
      onClick={() => {
        setRedirecting(true);
        window.location.assign(`${STEAM_AUTH_PATH}?state=${startSignInState()}`);
      }}
    >
      {redirecting ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <SteamMark className="size-5!" />
      )}
      {redirecting ? 'Авторизация...' : 'Войти через Steam'}
    </Button>
  );
}
