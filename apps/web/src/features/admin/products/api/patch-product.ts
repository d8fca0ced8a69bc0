import { adminProductSchema, type AdminProduct } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';
import { invalidateProducts } from '../../shared/api/invalidate-products';

export type ProductFlags = Partial<Pick<AdminProduct, 'isActive' | 'popular'>>;

export async function patchProduct({
  id,
  flags,
}: {
  id: number;
  flags: ProductFlags;
}): Promise<AdminProduct> {
  return adminProductSchema.parse(await api.patch(`/admin/products/${id}`, flags));
}

/** The two one-click toggles of a product card: hide/show and popular. */
export function usePatchProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchProduct,
    onSuccess: (product) => {
      queryClient.setQueryData<AdminProduct[]>(adminKeys.products, (products) =>
        products?.map((current) => (current.id === product.id ? product : current)),
      );
      return invalidateProducts(queryClient);
    },
  });
}
