import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { tokenStorage } from '@/lib/token-storage';

export function postLogout(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Revokes the session on the server, then forgets everything that belonged to the user here. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await postLogout();
      } catch {
        // Signing out must work even if the server is unreachable or the session already expired.
      }
    },
    onSettled: () => {
      tokenStorage.remove();
      queryClient.removeQueries({ queryKey: queryKeys.userScope });
      navigate('/', { replace: true });
    },
  });
}
