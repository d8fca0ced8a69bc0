import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** Sends a failed delivery again from its last confirmed step (404 unless it is 'failed'). */
export async function retryDelivery(id: string): Promise<void> {
  await api.post(`/admin/deliveries/${encodeURIComponent(id)}/retry`);
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
