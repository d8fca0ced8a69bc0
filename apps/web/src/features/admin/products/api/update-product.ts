import { adminProductSchema, type AdminProduct, type ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProducts } from '../../shared/api/invalidate-products';

export async function updateProduct({
  id,
  input,
}: {
  id: number;
  input: ProductInput;
}): Promise<AdminProduct> {
  return adminProductSchema.parse(await api.put(`/admin/products/${id}`, input));
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => invalidateProducts(queryClient),
  });
}
