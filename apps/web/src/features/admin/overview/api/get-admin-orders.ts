import { orderSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export type AdminOrder = z.infer<typeof orderSchema>;

export async function fetchAdminOrders(signal?: AbortSignal): Promise<AdminOrder[]> {
  return z.array(orderSchema).parse(await api.get('/admin/orders', { signal }));
}

export function adminOrdersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.orders,
    queryFn: ({ signal }) => fetchAdminOrders(signal),
    // SPEC §7: sorted newest first on the client, whatever order the reply comes in.
    select: newestFirst,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}

export function newestFirst<T extends { createdAt: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
