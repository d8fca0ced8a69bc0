import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export async function deletePromocode(id: number): Promise<void> {
  await api.delete(`/admin/promocodes/${id}`);
}

export function useDeletePromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromocode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.promocodes }),
  });
}
