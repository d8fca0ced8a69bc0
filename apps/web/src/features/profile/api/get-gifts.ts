import type { ReceivedGift } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { ReceivedGift };

// The server checks this reply against the shared schema (decision record 0013).
export function fetchGifts(signal?: AbortSignal): Promise<ReceivedGift[]> {
  return api.get<ReceivedGift[]>('/gifts', { signal });
}

/** Gifts the player received; a live notice refreshes it (app/realtime-provider). */
export function useGifts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.gifts,
    queryFn: ({ signal }) => fetchGifts(signal),
    enabled,
  });
}
