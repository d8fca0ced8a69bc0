import { itemImportResultSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

export type ItemImportResult = z.infer<typeof itemImportResultSchema>;

export async function importItems(input: {
  format: 'json' | 'csv';
  content: string;
}): Promise<ItemImportResult> {
  return itemImportResultSchema.parse(await api.post('/admin/items/import', input));
}

export function useImportItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.itemsAll }),
  });
}
