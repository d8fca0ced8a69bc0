import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const paymentStatusSchema = z.object({ paid: z.boolean(), status: z.string() });
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export async function fetchPaymentStatus(
  orderId: string,
  signal?: AbortSignal,
): Promise<PaymentStatus> {
  return paymentStatusSchema.parse(
    await api.get(`/payments/${encodeURIComponent(orderId)}/status`, { signal }),
  );
}

/**
 * The provider's notification may reach the server a little after the player is sent back, so an
 * unpaid answer is asked again every few seconds for two minutes before we stop polling.
 */
export function paymentStatusQueryOptions(orderId: string) {
  const startedAt = Date.now();
  return queryOptions({
    queryKey: ['payments', orderId, 'status'],
    queryFn: ({ signal }) => fetchPaymentStatus(orderId, signal),
    retry: 1,
    refetchInterval: (query) =>
      query.state.data && !query.state.data.paid && Date.now() - startedAt < 120_000
        ? 3_000
        : false,
  });
}

export function usePaymentStatus(orderId: string | null, enabled = true) {
  return useQuery({
    ...paymentStatusQueryOptions(orderId ?? ''),
    enabled: enabled && Boolean(orderId),
  });
}
