import { saleSchema, type Sale, type saleInputSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateSales } from './invalidate-sales';

/** What the sale form sends: the shared schema's output. */
export type SalePayload = z.output<typeof saleInputSchema>;

export async function createSale(input: SalePayload): Promise<Sale> {
  return saleSchema.parse(await api.post('/admin/sales', input));
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () => invalidateSales(queryClient),
  });
}
