import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';
import { invalidateProducts } from '../../shared/api/invalidate-products';
import { invalidateServers } from './invalidate-servers';

/** Marks a wipe by hand, now unless `at` says when (an ISO time). */
export async function markWipe({ serverId, at }: { serverId: number; at?: string }): Promise<void> {
  await api.post(`/admin/servers/${serverId}/wipes`, at === undefined ? {} : { at });
}

export function useMarkWipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWipe,
    // A wipe moves the server's dates, starts its wipe sales and blocks, and opens a revenue period.
    onSuccess: () =>
      Promise.all([
        invalidateServers(queryClient),
        invalidateProducts(queryClient),
        queryClient.invalidateQueries({ queryKey: adminKeys.wipesAll }),
        queryClient.invalidateQueries({ queryKey: adminKeys.revenueByWipeAll }),
      ]),
  });
}
