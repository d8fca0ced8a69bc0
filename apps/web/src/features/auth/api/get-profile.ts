import type { User } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { tokenStorage } from '@/lib/token-storage';
import { AUTH_ERROR_FALLBACK, AUTH_ERROR_TITLE } from '../messages';

// The server checks this reply against the shared schema before sending it (DESIGN §10: no schema
// library in the first load), so the first paint's reads take it as typed.
export function fetchProfile(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/auth/profile', { signal });
}

/**
 * The session is this one query. A failure is not left as a query error: SPEC §4 says the token is
 * dropped, the user cleared and a destructive notice shown, so the query settles on `null` (a guest).
 */
export function profileQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.profile(token),
    queryFn: async ({ signal }): Promise<User | null> => {
      if (!token) return null;
      try {
        return await fetchProfile(signal);
      } catch (error) {
        // Only a cancelled request is not a failure. (The signal itself may be aborted after a 401:
        // dropping the token unmounts this query's observers, yet the failure must still be reported.)
        if (error instanceof Error && error.name === 'AbortError') throw error;
        tokenStorage.remove();
        // Server errors carry Russian text; anything else (a malformed reply) gets the plain fallback.
        const description = error instanceof ApiError ? error.message : AUTH_ERROR_FALLBACK;
        toast.error(AUTH_ERROR_TITLE, {
          id: 'auth-error',
          description: description || AUTH_ERROR_FALLBACK,
        });
        return null;
      }
    },
    // The API client already retries transport failures and 429s; a refused token will not improve.
    retry: false,
    staleTime: 30_000,
  });
}
