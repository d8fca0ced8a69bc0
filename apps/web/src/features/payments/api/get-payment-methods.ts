import { paymentMethodsReplySchema, type PaymentMethodsReply } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsReply> {
  return paymentMethodsReplySchema.parse(await api.get('/payments/methods', { signal }));
}

/**
 * The ways to pay the owner offers, in the owner's order, with each one's limits; the providers
 * hidden while their API fails, with a note; and whether the first-top-up bonus applies. Asked each
 * time the dialog opens: a provider that failed may answer again, and a credit ends «first».
 */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.paymentMethods,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
    enabled,
    staleTime: 0,
  });
}

/** The form's value of a method: its provider and its id, unique across providers. */
export const methodKey = (method: { provider: string; id: string }) =>
  `${method.provider}:${method.id}`;
