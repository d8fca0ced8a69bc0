import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';
import { invalidateProducts } from '../../shared/api/invalidate-products';

/** A sale change shows on the sales list and in every price of the shop and the admin. */
export function invalidateSales(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.sales }),
    invalidateProducts(queryClient),
  ]);
}
