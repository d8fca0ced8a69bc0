import {
  adminPaymentsPageSchema,
  paymentReversalReplySchema,
  type AdminPaymentsPage,
  type PaymentReversalReply,
} from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** Top-ups, newest first, 20 a page, each with its reversal; `query`: a name, Steam ID or id. */
export function useAdminPayments(page: number, query: string) {
  return useQuery({
    queryKey: adminKeys.paymentList(page, query),
    queryFn: async ({ signal }): Promise<AdminPaymentsPage> => {
      const search = new URLSearchParams({ page: String(page) });
      if (query) search.set('q', query);
      return adminPaymentsPageSchema.parse(await api.get(`/admin/payments?${search}`, { signal }));
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** «Отменить пополнение»: once per payment; a repeat answers that it was reversed already. */
export function useReversePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; reason: string }): Promise<PaymentReversalReply> =>
      paymentReversalReplySchema.parse(
        // The reversal itself happens once per payment, so a retried request cannot take twice.
        await api.post(`/admin/payments/${encodeURIComponent(input.id)}/reverse`, {
          reason: input.reason,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payments }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}
