import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * After any purchase: the new order, the debit in the ledger, and the profile's totals (spent,
 * purchase count, favourite server). The balance itself arrives over the socket already.
 */
export function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
    queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profileAll }),
  ]).then(() => undefined);
}
