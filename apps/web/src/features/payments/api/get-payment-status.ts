import type { paymentStatusSchema } from '@shop/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export async function fetchPaymentStatus(
  orderId: string,
  signal?: AbortSignal,
): Promise<PaymentStatus> {
  return api.get<PaymentStatus>(`/payments/${encodeURIComponent(orderId)}/status`, { signal });
}

/** 40 asks, 3 s apart: two minutes. */
const POLL_INTERVAL_MS = 3_000;
const MAX_POLLS = 40;

/** The server still waits for the provider, and we have not given up asking. */
export function stillConfirming(state: { data?: PaymentStatus; dataUpdateCount: number }): boolean {
  return state.data?.status === 'pending' && state.dataUpdateCount < MAX_POLLS;
}

/**
 * The provider's notification may reach the server a little after the player is sent back, so a
 * pending answer is asked again every few seconds for two minutes. Paid, cancelled and failed are final.
 */
export function paymentStatusQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['payments', orderId, 'status'],
    queryFn: ({ signal }) => fetchPaymentStatus(orderId, signal),
    retry: 1,
    refetchInterval: (query) => (stillConfirming(query.state) ? POLL_INTERVAL_MS : false),
  });
}

/** The payment's status, and whether it is still being confirmed (see stillConfirming). */
export function usePaymentStatus(orderId: string | null, enabled = true) {
  const options = paymentStatusQueryOptions(orderId ?? '');
  const query = useQuery({ ...options, enabled: enabled && Boolean(orderId) });
  const state = useQueryClient().getQueryState(options.queryKey);
  return { ...query, confirming: state ? stillConfirming(state) : false };
}
