import { waitingPromoSchema, type WaitingPromo } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function fetchWaitingPromo(signal?: AbortSignal): Promise<WaitingPromo> {
  return waitingPromoSchema.parse(await api.get('/promocodes/waiting', { signal }));
}

/**
 * The percentage code the player activated and no top-up has used yet: the server adds its percent
 * to the next top-up's bonus, so the dialog's preview adds it too. Asked when the dialog opens.
 */
export function useWaitingPromo(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.waitingPromo,
    queryFn: ({ signal }) => fetchWaitingPromo(signal),
    enabled,
    staleTime: 0,
  });
}
