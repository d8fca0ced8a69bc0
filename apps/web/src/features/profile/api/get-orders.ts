import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isDeliveryUnderway } from '../delivery-state';

export type { Order };

/** While a delivery is under way the list refreshes this often, so 'Выдаётся…' turns into 'Выдано'. */
export const ORDERS_POLL_MS = 5_000;

export async function fetchOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>('/orders', { signal });
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.orders,
    queryFn: ({ signal }) => fetchOrders(signal),
    // Polling stops by itself once every delivery has ended (delivered, failed or cancelled).
    refetchInterval: (query) =>
      query.state.data?.some(isDeliveryUnderway) ? ORDERS_POLL_MS : false,
  });
}

export function useOrders(enabled: boolean) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}
