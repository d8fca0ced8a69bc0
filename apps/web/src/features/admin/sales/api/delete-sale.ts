import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateSales } from './invalidate-sales';

export async function deleteSale(id: number): Promise<void> {
  await api.delete(`/admin/sales/${id}`);
}

export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: () => invalidateSales(queryClient),
  });
}
