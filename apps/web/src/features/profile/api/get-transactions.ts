import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const transactionSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  description: z.string().nullish(),
  date: z.string().nullish(),
  method: z.string().nullish(),
  amount: z.number(),
  status: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export async function fetchTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  return z.array(transactionSchema).parse(await api.get('/transactions', { signal }));
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
export function transactionStatusLabel(status: string): string {
  return status === 'completed' ? 'Завершена' : 'В обработке';
}
