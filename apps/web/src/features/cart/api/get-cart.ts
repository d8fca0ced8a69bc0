import type { cartSchema } from '@shop/shared';
import type { CartItem } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Cart = z.infer<typeof cartSchema>;
export type { CartItem };

export async function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('/cart', { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cart, queryFn: ({ signal }) => fetchCart(signal) });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}
