import { promocodeSchema, type Promocode } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';
import type { PromocodePayload } from '../promocode-form';

/** 409 'Промокод с таким кодом уже существует' comes back as an ApiError with that text. */
export async function createPromocode(input: PromocodePayload): Promise<Promocode> {
  return promocodeSchema.parse(await api.post('/admin/promocodes', input));
}

export function useCreatePromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromocode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.promocodes }),
  });
}
