import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readActivation, type PromoActivation } from '../read-activation';

export async function activatePromocode(code: string): Promise<PromoActivation> {
  return readActivation(await api.post('/promocodes/activate', { code }));
}

export function useActivatePromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromocode,
    onSuccess: (result) => {
      // The bonus lands on the balance server-side; reload the profile so the header shows it.
      if (result.success) void queryClient.invalidateQueries({ queryKey: queryKeys.profileAll });
    },
  });
}
