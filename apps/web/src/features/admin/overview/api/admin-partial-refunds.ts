import { okReplySchema, partialRefundsReplySchema, type PartialRefund } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** Under the admin scope, so signing out drops it with the rest. */
const partialRefundsKey = [...adminKeys.all, 'partial-refunds'] as const;

/** Top-ups a provider refunded in part and no admin has dealt with yet. */
export function usePartialRefunds() {
  return useQuery({
    queryKey: partialRefundsKey,
    queryFn: async ({ signal }): Promise<PartialRefund[]> =>
      partialRefundsReplySchema.parse(await api.get('/admin/partial-refunds', { signal })).refunds,
    staleTime: 30_000,
  });
}

/** «Учтено»: the admin has settled the balance by hand; journaled. */
export function useSettlePartialRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentId: string) =>
      okReplySchema.parse(
        await api.post(`/admin/partial-refunds/${encodeURIComponent(paymentId)}/settle`),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partialRefundsKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}
