import { saleSchema, type Sale } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SalePayload } from './create-sale';
import { invalidateSales } from './invalidate-sales';

export async function updateSale({ id, input }: { id: number; input: SalePayload }): Promise<Sale> {
  return saleSchema.parse(await api.put(`/admin/sales/${id}`, input));
}

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSale,
    onSuccess: () => invalidateSales(queryClient),
  });
}
