import { debtSchema, type Debt } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * What a reversed top-up left the player owing, and the server's words for it. Asked only while the
 * balance is negative; the balance is part of the key, so a top-up or reversal asks again.
 */
export function useDebt(balance: number | undefined) {
  return useQuery({
    queryKey: ['payments', 'debt', balance],
    queryFn: async ({ signal }): Promise<Debt> =>
      debtSchema.parse(await api.get('/payments/debt', { signal })),
    enabled: balance !== undefined && balance < 0,
    staleTime: 60_000,
  });
}
