import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export type TopUpMethod = 'kassa' | 'sbp';

/** FreeKassa's id for the SBP (fast payments) method; the card/kassa method sends none. */
export const SBP_PAYMENT_SYSTEM_ID = 44;

export interface CreatePaymentInput {
  amount: number;
  method: TopUpMethod;
  email: string;
}

const createPaymentReplySchema = z.object({
  success: z.boolean().optional(),
  url: z.string().optional().nullable(),
  message: z.string().optional().nullable(),
});
export type CreatePaymentReply = z.infer<typeof createPaymentReplySchema>;

export async function createPayment(input: CreatePaymentInput): Promise<CreatePaymentReply> {
  const payload = {
    amount: input.amount,
    method: input.method,
    ...(input.method === 'sbp' ? { paymentSystemId: SBP_PAYMENT_SYSTEM_ID } : {}),
    email: input.email,
  };
  return createPaymentReplySchema.parse(await api.post('/payments/create', payload));
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
