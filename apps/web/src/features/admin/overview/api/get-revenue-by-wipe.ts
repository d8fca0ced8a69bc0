import { revenueByWipeSchema } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export type RevenueByWipe = z.infer<typeof revenueByWipeSchema>;

/** One server's revenue per wipe period, newest first (the first is the running one). */
export function useRevenueByWipe(serverId: number | null) {
  return useQuery({
    queryKey: adminKeys.revenueByWipe(serverId ?? 0),
    queryFn: async ({ signal }): Promise<RevenueByWipe> =>
      revenueByWipeSchema.parse(
        await api.get(`/admin/revenue-by-wipe?serverId=${serverId}`, { signal }),
      ),
    enabled: serverId !== null,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}
