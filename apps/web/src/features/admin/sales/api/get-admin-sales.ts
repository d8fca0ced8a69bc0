import { saleSchema, type Sale } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function fetchAdminSales(signal?: AbortSignal): Promise<Sale[]> {
  return z.array(saleSchema).parse(await api.get('/admin/sales', { signal }));
}

export function adminSalesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.sales,
    queryFn: ({ signal }) => fetchAdminSales(signal),
    // «Идёт сейчас» turns on and off with the clock and with wipes.
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useAdminSales() {
  return useQuery(adminSalesQueryOptions());
}
