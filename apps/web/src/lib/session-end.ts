import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { queryKeys } from '@/lib/query-keys';
import { tokenStorage } from '@/lib/token-storage';

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
 * The session ended under this tab by something else: another tab of this browser dropped the token,
 * or the server refused it (an admin or another device ended it, or it expired) and the live
 * `signedOut` did not get here first. This tab shows the signed-out page too, rather than keep the
 * balance on screen or fall back to a guest quietly. Returns the function that stops listening.
 */
export function followSessionEnd(queryClient: QueryClient): () => void {
  return tokenStorage.onEndedElsewhere(() => endSessionHere(queryClient));
}
