import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const productSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  originalName: z.string().nullish(),
  description: z.string().nullish(),
  gameItemName: z.string().nullish(),
  gameItemId: z.union([z.number(), z.string()]).nullish(),
  category: z.string(),
  server: z.union([z.string(), z.number()]).nullish(),
  price: z.number(),
  quantity: z.number().nullish(),
  image: z.string().nullish(),
  popular: z.boolean().nullish(),
  inStock: z.boolean().nullish(),
});
export type Product = z.infer<typeof productSchema>;

export type ProductFilters = Record<string, string>;

export async function fetchProducts(
  filters: ProductFilters = {},
  signal?: AbortSignal,
): Promise<Product[]> {
  const query = new URLSearchParams(filters).toString();
  return z
    .array(productSchema)
    .parse(await api.get(`/products${query ? `?${query}` : ''}`, { signal }));
}

export function productsQueryOptions(filters: ProductFilters = {}) {
  return queryOptions({
    queryKey: queryKeys.products(filters),
    queryFn: ({ signal }) => fetchProducts(filters, signal),
    staleTime: 60_000,
  });
}

export function useProducts(filters: ProductFilters = {}, enabled = true) {
  return useQuery({ ...productsQueryOptions(filters), enabled });
}

/** Picture of a product: its own image, else the game icon by item id; the <img> falls back further. */
export function productImage(product: Pick<Product, 'image' | 'gameItemId'>): string | undefined {
  if (product.image) return product.image;
  if (product.gameItemId !== null && product.gameItemId !== undefined)
    return `/img/${product.gameItemId}.png`;
  return undefined;
}
