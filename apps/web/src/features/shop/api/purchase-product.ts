import type { purchaseReplySchema } from '@shop/shared';
import type { purchaseSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateAfterPurchase } from '@/lib/invalidate-purchase';

export type PurchaseInput = z.output<typeof purchaseSchema>;
export type PurchaseReply = z.infer<typeof purchaseReplySchema>;

export async function purchaseProduct(input: PurchaseInput): Promise<PurchaseReply> {
  return api.post<PurchaseReply>('/purchase', input, { idempotent: true });
}

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseProduct,
    onSuccess: () => invalidateAfterPurchase(queryClient),
  });
}
