import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ProductFilters = Record<string, string>;

// The server checks this reply against the shared schema before sending it (DESIGN §10: no schema
// library in the first load), so the first paint's reads take it as typed.
export function fetchProducts(
  filters: ProductFilters = {},
  signal?: AbortSignal,
): Promise<Product[]> {
  const query = new URLSearchParams(filters).toString();
  return api.get<Product[]>(`/products${query ? `?${query}` : ''}`, { signal });
}

export function productsQueryOptions(filters: ProductFilters = {}) {
  return queryOptions({
    queryKey: queryKeys.products(filters),
    queryFn: ({ signal }) => fetchProducts(filters, signal),
    staleTime: 60_000,
  });
}

export function useProducts(filters: ProductFilters = {}, enabled = true) {
  return useQuery({ ...productsQueryOptions(filters), enabled });
}
