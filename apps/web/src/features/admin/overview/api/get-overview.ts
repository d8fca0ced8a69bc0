import {
  paymentStatsSchema,
  revenueStatsSchema,
  systemStatsSchema,
  type PaymentStats,
  type RevenueStats,
  type SystemStats,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

/** The Overview's three calls; refreshed every half minute while the tab is open. */
const live = { staleTime: 10_000, refetchInterval: 30_000 } as const;

export function useSystemStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: async ({ signal }): Promise<SystemStats> =>
      systemStatsSchema.parse(await api.get('/admin/stats', { signal })),
    ...live,
  });
}

export function useRevenueStats() {
  return useQuery({
    queryKey: adminKeys.revenue,
    queryFn: async ({ signal }): Promise<RevenueStats> =>
      revenueStatsSchema.parse(await api.get('/admin/revenue-stats', { signal })),
    ...live,
  });
}

export function usePaymentStats() {
  return useQuery({
    queryKey: adminKeys.payments,
    queryFn: async ({ signal }): Promise<PaymentStats> =>
      paymentStatsSchema.parse(await api.get('/admin/payment-stats', { signal })),
    ...live,
  });
}
