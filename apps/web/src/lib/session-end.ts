import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { queryKeys } from '@/lib/query-keys';
import { TOKEN_KEY, tokenStorage } from '@/lib/token-storage';

/** The sign-in page with the notice that the session was ended (`?signedOut=1`). */
export const SIGNED_OUT_PATH = '/login?signedOut=1';

/**
 * This tab forgets the user at once (token, balance, orders, everything under ['user']) and shows
 * the signed-out page: after «Выйти на всех устройствах» here, on another device, or by an admin.
 */
export function endSessionHere(queryClient: QueryClient): void {
  tokenStorage.remove();
  queryClient.removeQueries({ queryKey: queryKeys.userScope });
  navigate(SIGNED_OUT_PATH, { replace: true });
}

/**
 * Another tab of this browser lost the session (its token is gone from the shared storage): this
 * one ends it too, rather than keep the balance and orders on screen until the next click. Returns
 * the function that stops listening.
 */
export function followSignOutOfOtherTabs(queryClient: QueryClient): () => void {
  const onStorage = (event: StorageEvent) => {
    if ((event.key === TOKEN_KEY || event.key === null) && event.newValue === null) {
      endSessionHere(queryClient);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
