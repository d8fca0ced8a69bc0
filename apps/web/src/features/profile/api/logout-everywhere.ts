import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { tokenStorage } from '@/lib/token-storage';

/**
 * Ends every session of the player, on every device, and their open live connections; then this
 * browser forgets the user as on a plain sign-out.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout-everywhere'),
    onSuccess: () => {
      tokenStorage.remove();
      queryClient.removeQueries({ queryKey: queryKeys.userScope });
      navigate('/', { replace: true });
    },
  });
}
