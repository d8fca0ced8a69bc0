import { SIGN_IN_FRAGMENT } from '@shop/shared';
import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';

function rewriteAddress(url: URL) {
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Steam's return lands on `/#signin=CODE`: a one-time code in the fragment, which browsers send to no
 * server and no Referer. It is wiped from the address at once and traded for the session token by a
 * POST, so the token itself never appears in an address, the history or a log. SPEC §2's `?token=`
 * is still taken (and wiped) for links made elsewhere.
 */
export async function captureSignIn(location: Location = window.location): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token !== null) {
    if (token.trim()) tokenStorage.set(token.trim());
    url.searchParams.delete('token');
    rewriteAddress(url);
  }
  const code = new URLSearchParams(url.hash.slice(1)).get(SIGN_IN_FRAGMENT);
  if (code === null) return;
  url.hash = '';
  rewriteAddress(url);
  try {
    // The server checks its reply against tokenReplySchema; this runs before the first paint.
    const session = await api.post<{ token: string }>('/auth/exchange', { code });
    if (typeof session.token === 'string' && session.token) tokenStorage.set(session.token);
  } catch {
    // A stale or reused code: the visitor stays signed out and can sign in again.
  }
}
