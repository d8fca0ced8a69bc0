import {
  adminPaymentMethodsSchema,
  paymentMethodStatsSchema,
  type AdminPaymentMethods,
  type PaymentMethodStats,
  type PaymentMethodsUpdate,
} from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

const key = [...adminKeys.payments, 'methods'] as const;

/** Every method of the configured providers in the owner's order, and each provider's health. */
export function useAdminPaymentMethods() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<AdminPaymentMethods> =>
      adminPaymentMethodsSchema.parse(await api.get('/admin/payment-methods', { signal })),
    // Health changes by itself: a provider that failed may answer again within a minute.
    refetchInterval: 30_000,
  });
}

/** The owner's new order and switches, the whole list. */
export function useSavePaymentMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: PaymentMethodsUpdate) =>
      adminPaymentMethodsSchema.parse(await api.put('/admin/payment-methods', update)),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      return queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}

/** Top-ups of the last 30 days by provider and method (the overview's «Платежи по способам»). */
export function usePaymentMethodStats() {
  return useQuery({
    queryKey: [...adminKeys.payments, 'by-method'] as const,
    queryFn: async ({ signal }): Promise<PaymentMethodStats> =>
      paymentMethodStatsSchema.parse(await api.get('/admin/payment-stats/methods', { signal })),
    staleTime: 30_000,
  });
}
