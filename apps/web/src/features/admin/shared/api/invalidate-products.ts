import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from '../admin-keys';

/** A product change shows on the admin list and in every cached shop or home listing. */
export function invalidateProducts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.products }),
    queryClient.invalidateQueries({ queryKey: queryKeys.productsAll }),
  ]);
}
