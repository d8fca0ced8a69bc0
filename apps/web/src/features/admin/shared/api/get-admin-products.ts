import { adminProductSchema, type AdminProduct } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

export async function fetchAdminProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  return z.array(adminProductSchema).parse(await api.get('/admin/products', { signal }));
}

export function adminProductsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.products,
    queryFn: ({ signal }) => fetchAdminProducts(signal),
    staleTime: 30_000,
  });
}

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}
