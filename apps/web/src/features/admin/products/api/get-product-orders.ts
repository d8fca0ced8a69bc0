import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

const productOrdersSchema = z.object({ hasOrders: z.boolean(), count: z.number().int() });
export type ProductOrders = z.infer<typeof productOrdersSchema>;

export async function fetchProductOrders(id: number, signal?: AbortSignal): Promise<ProductOrders> {
  return productOrdersSchema.parse(await api.get(`/admin/products/${id}/orders`, { signal }));
}

export function productOrdersQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.productOrders(id),
    queryFn: ({ signal }) => fetchProductOrders(id, signal),
  });
}

/** Asked when the delete dialog opens, so the admin learns before confirming that it will be refused. */
export function useProductOrders(id: number | null) {
  return useQuery({ ...productOrdersQueryOptions(id ?? 0), enabled: id !== null });
}
