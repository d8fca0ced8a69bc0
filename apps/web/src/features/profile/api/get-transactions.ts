import { TRANSACTIONS_PAGE_SIZE, type Transaction } from '@shop/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { Transaction };

/** One page of the ledger, newest first: after `before` (the last row shown), if given. */
export async function fetchTransactions(
  before?: number,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const search = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (before !== undefined) search.set('before', String(before));
  return api.get<Transaction[]>(`/transactions?${search.toString()}`, { signal });
}

/** The whole ledger a page at a time: the next page starts after the last row of the one before. */
export function transactionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.transactions,
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Transaction[]) =>
      last.length < TRANSACTIONS_PAGE_SIZE ? undefined : last.at(-1)?.id,
  });
}

export function useTransactions(enabled: boolean) {
  return useInfiniteQuery({ ...transactionsQueryOptions(), enabled });
}

/** SPEC §4: completed is 'Завершена', anything else still 'В обработке'. */
export function transactionStatusLabel(status: Transaction['status']): string {
  return status === 'completed' ? 'Завершена' : 'В обработке';
}
