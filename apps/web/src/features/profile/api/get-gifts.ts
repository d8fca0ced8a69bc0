import { receivedGiftSchema, type ReceivedGift } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { ReceivedGift };

export async function fetchGifts(signal?: AbortSignal): Promise<ReceivedGift[]> {
  return z.array(receivedGiftSchema).parse(await api.get('/gifts', { signal }));
}

/** Gifts the player received; a live notice refreshes it (app/realtime-provider). */
export function useGifts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.gifts,
    queryFn: ({ signal }) => fetchGifts(signal),
    enabled,
  });
}
