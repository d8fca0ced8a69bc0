import { adminProductSchema, type AdminProduct, type ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProducts } from '../../shared/api/invalidate-products';

export async function createProduct(input: ProductInput): Promise<AdminProduct> {
  return adminProductSchema.parse(await api.post('/admin/products', input));
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateProducts(queryClient),
  });
}
