import type { cartAddSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Cart } from './get-cart';

export type AddToCartInput = z.output<typeof cartAddSchema>;

/** Putting a product that is already there replaces its quantity (the server's rule). */
export async function addToCart(input: AddToCartInput): Promise<Cart> {
  return api.post<Cart>('/cart', input);
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    // The reply is the whole cart: no second request to learn what it now holds.
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart, cart),
  });
}
