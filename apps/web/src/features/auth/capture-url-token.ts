import { errorMessages, SIGN_IN_FRAGMENT } from '@shop/shared';
import { API_BASE } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { tokenStorage } from '@/lib/token-storage';
import { AUTH_ERROR_FALLBACK, AUTH_ERROR_TITLE } from './messages';
import { takeSignInState } from './sign-in-state';

function rewriteAddress(url: URL) {
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The server's Russian message of a refusal, or the plain fallback. */
async function refusalText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : AUTH_ERROR_FALLBACK;
  } catch {
    return AUTH_ERROR_FALLBACK;
  }
}

/**
 * Steam's return lands on `/#signin=CODE`: a one-time code in the fragment, which browsers send to no
 * server and no Referer. It is wiped from the address at once and traded for the session token by a
 * POST with the state this tab made when it started the sign-in, so the token never appears in an
 * address, the history or a log, and a code from a sign-in started elsewhere signs nobody in here.
 * `?token=` (SPEC §2) signs nobody in either: it is wiped and ignored (docs/decisions/0026).
 */
export async function captureSignIn(location: Location = window.location): Promise<void> {
  const url = new URL(location.href);
  if (url.searchParams.has('token')) {
    url.searchParams.delete('token');
    rewriteAddress(url);
  }
  const code = new URLSearchParams(url.hash.slice(1)).get(SIGN_IN_FRAGMENT);
  if (code === null) return;
  url.hash = '';
  rewriteAddress(url);
  const state = takeSignInState();
  if (!state) {
    // Not started in this tab: whoever is signed in here stays so, and the code stays unused.
    toast.error(AUTH_ERROR_TITLE, {
      id: 'auth-error',
      description: errorMessages.signInOtherBrowser,
    });
    return;
  }
  try {
    // A plain request: no session of this browser goes with it, and a refusal leaves that one be.
    const response = await fetch(`${API_BASE}/auth/exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ code, state }),
    });
    if (!response.ok) {
      toast.error(AUTH_ERROR_TITLE, { id: 'auth-error', description: await refusalText(response) });
      return;
    }
    const session = (await response.json()) as { token?: unknown };
    // The player pressed «Войти через Steam» in this very tab: the account they chose there wins.
    if (typeof session.token === 'string' && session.token) tokenStorage.set(session.token);
  } catch {
    toast.error(AUTH_ERROR_TITLE, { id: 'auth-error', description: AUTH_ERROR_FALLBACK });
  }
}
