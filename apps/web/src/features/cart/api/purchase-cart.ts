import type { purchaseReplySchema } from '@shop/shared';
import type { cartPurchaseSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateAfterPurchase } from '@/lib/invalidate-purchase';
import { queryKeys } from '@/lib/query-keys';

export type CartPurchaseInput = z.output<typeof cartPurchaseSchema>;
export type CartPurchaseReply = z.infer<typeof purchaseReplySchema>;

/** One order for the whole cart, delivered to one server; the server empties the cart. */
export async function purchaseCart(input: CartPurchaseInput): Promise<CartPurchaseReply> {
  return api.post<CartPurchaseReply>('/cart/purchase', input, { idempotent: true });
}

export function usePurchaseCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseCart,
    onSuccess: () => invalidateAfterPurchase(queryClient),
    // A refusal may come from a change in the cart (a product taken off sale): show the real one.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
