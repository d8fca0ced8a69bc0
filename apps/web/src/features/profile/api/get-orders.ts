import { ORDERS_PAGE_SIZE, type Order } from '@shop/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isDeliveryUnderway } from '../delivery-state';

export type { Order };

/** While a delivery is under way the list refreshes this often, so 'Выдаётся…' turns into 'Выдано'. */
export const ORDERS_POLL_MS = 5_000;

/** One page of the player's orders, newest first: after `before` (the last one shown), if given. */
export async function fetchOrders(before?: string, signal?: AbortSignal): Promise<Order[]> {
  const search = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
  if (before) search.set('before', before);
  return api.get<Order[]>(`/orders?${search.toString()}`, { signal });
}

/** The whole history a page at a time: the next page starts after the last order of the one before. */
export function ordersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.orders,
    queryFn: ({ pageParam, signal }) => fetchOrders(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Order[]) =>
      last.length < ORDERS_PAGE_SIZE ? undefined : last.at(-1)?.id,
    // Polling stops by itself once every delivery has ended (delivered, failed or cancelled).
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some(isDeliveryUnderway))
        ? ORDERS_POLL_MS
        : false,
  });
}

export function useOrders(enabled: boolean) {
  return useInfiniteQuery({ ...ordersQueryOptions(), enabled });
}
