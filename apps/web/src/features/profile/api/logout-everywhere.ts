import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSessionHere } from '@/lib/session-end';
import { api } from '@/lib/api-client';

/**
 * Ends every session of the player, on every device, and their open live connections; then this
 * browser forgets the user and shows that it is signed out.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout-everywhere'),
    // This tab shows the signed-out page like every other tab the shop tells (issue 36).
    onSuccess: () => endSessionHere(queryClient),
  });
}
