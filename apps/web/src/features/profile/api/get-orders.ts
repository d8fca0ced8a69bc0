import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const orderSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  createdAt: z.string().nullish(),
  date: z.string().nullish(),
  status: z.string(),
  total: z.number(),
  serverId: z.union([z.string(), z.number()]).nullish(),
  items: z
    .array(z.looseObject({ name: z.string(), quantity: z.number(), image: z.string().nullish() }))
    .default([]),
});
export type Order = z.infer<typeof orderSchema>;

export async function fetchOrders(signal?: AbortSignal): Promise<Order[]> {
  return z.array(orderSchema).parse(await api.get('/orders', { signal }));
}

export function ordersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.orders, queryFn: ({ signal }) => fetchOrders(signal) });
}

export function useOrders(enabled: boolean) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}

/** SPEC §4 order status labels. */
export function orderStatusLabel(status: string): {
  label: string;
  tone: 'success' | 'warning' | 'destructive';
} {
  if (status === 'completed') return { label: 'Завершён', tone: 'success' };
  if (status === 'pending') return { label: 'В обработке', tone: 'warning' };
  return { label: 'Отменён', tone: 'destructive' };
}
