import type { paymentCreateReplySchema } from '@shop/shared';
import { SBP_METHOD_ID, type paymentCreateSchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** `bonusPercent`: the shop's base bonus the dialog stated; the server refuses (409) another. */
export type CreatePaymentInput = Pick<
  z.output<typeof paymentCreateSchema>,
  'amount' | 'method' | 'email'
> & { bonusPercent: number };
export type CreatePaymentReply = z.infer<typeof paymentCreateReplySchema>;

/** The SBP method is FreeKassa's payment system 44; the card/kassa method names none. */
export async function createPayment(input: CreatePaymentInput): Promise<CreatePaymentReply> {
  const payload: z.input<typeof paymentCreateSchema> = {
    amount: input.amount,
    bonusPercent: input.bonusPercent,
    method: input.method,
    ...(input.method === 'sbp' ? { paymentSystemId: SBP_METHOD_ID } : {}),
    email: input.email,
  };
  return api.post<CreatePaymentReply>('/payments/create', payload, { idempotent: true });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
