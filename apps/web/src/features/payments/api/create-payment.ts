import type { paymentCreateReplySchema, paymentCreateSchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The SPEC's payload (`amount`, `method`: the provider, `paymentSystemId`: its method's id,
 * `email`) with the terms the dialog confirmed: the percent it stated and the whole bonus it
 * previewed. The server refuses (409) a top-up whose terms changed since.
 */
export interface CreatePaymentInput {
  amount: number;
  provider: string;
  methodId: string;
  email: string;
  bonusPercent: number;
  expectedBonus: number;
}
export type CreatePaymentReply = z.infer<typeof paymentCreateReplySchema>;

export async function createPayment(input: CreatePaymentInput): Promise<CreatePaymentReply> {
  const payload = {
    amount: input.amount,
    method: input.provider,
    paymentSystemId: input.methodId,
    email: input.email,
    bonusPercent: input.bonusPercent,
    expectedBonus: input.expectedBonus,
  } satisfies Partial<Record<keyof z.input<typeof paymentCreateSchema>, unknown>>;
  return api.post<CreatePaymentReply>('/payments/create', payload, { idempotent: true });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
