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

const POLL_INTERVAL_MS = 3_000;
/** Page B keeps showing «Обработка платежа»: it asks for two minutes (40 asks, 3 s apart). */
export const PENDING_PAGE_POLLS = 40;
/**
 * Page A must come to an answer (SPEC §2: not paid gives failed): five asks, 3 s apart, are about
 * 15 s, long enough for a notification that trails the player's return.
 */
export const RESULT_PAGE_POLLS = 5;

/** The server still waits for the provider, and we have not given up asking. */
export function stillConfirming(
  state: { data?: PaymentStatus; dataUpdateCount: number },
  maxPolls = PENDING_PAGE_POLLS,
): boolean {
  return state.data?.status === 'pending' && state.dataUpdateCount < maxPolls;
}

/**
 * The provider's notification may reach the server a little after the player is sent back, so a
 * pending answer is asked again every few seconds, `maxPolls` times. Paid, cancelled and failed are
 * final.
 */
export function paymentStatusQueryOptions(orderId: string, maxPolls = PENDING_PAGE_POLLS) {
  return queryOptions({
    queryKey: ['payments', orderId, 'status'],
    queryFn: ({ signal }) => fetchPaymentStatus(orderId, signal),
    retry: 1,
    refetchInterval: (query) => (stillConfirming(query.state, maxPolls) ? POLL_INTERVAL_MS : false),
  });
}

/** The payment's status, and whether it is still being confirmed (see stillConfirming). */
export function usePaymentStatus(
  orderId: string | null,
  { enabled = true, maxPolls = PENDING_PAGE_POLLS } = {},
) {
  const options = paymentStatusQueryOptions(orderId ?? '', maxPolls);
  const query = useQuery({ ...options, enabled: enabled && Boolean(orderId) });
  const state = useQueryClient().getQueryState(options.queryKey);
  return { ...query, confirming: state ? stillConfirming(state, maxPolls) : false };
}
