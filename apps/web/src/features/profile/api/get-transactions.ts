import type { Transaction } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { Transaction };

export async function fetchTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  return api.get<Transaction[]>('/transactions', { signal });
}

export function transactionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.transactions,
    queryFn: ({ signal }) => fetchTransactions(signal),
  });
}

export function useTransactions(enabled: boolean) {
  return useQuery({ ...transactionsQueryOptions(), enabled });
}

/** SPEC §4: completed is 'Завершена', anything else still 'В обработке'. */
export function transactionStatusLabel(status: Transaction['status']): string {
  return status === 'completed' ? 'Завершена' : 'В обработке';
}
