import type { Product } from '@shop/shared';

export interface ProductFilters {
  category?: string | undefined;
  server?: string | undefined;
  search?: string | undefined;
  popular?: boolean | undefined;
}

/**
 * SPEC §5: case-insensitive substring over four fields (and a kit's items); an 'all' product
 * matches any server.
 */
export function matchesFilters(product: Product, filters: ProductFilters): boolean {
  if (filters.category && product.category !== filters.category) return false;
  if (filters.server && filters.server !== 'all' && product.server !== 'all') {
    if (product.server !== filters.server) return false;
  }
  if (filters.popular !== undefined && product.popular !== filters.popular) return false;
  const needle = filters.search?.trim().toLocaleLowerCase('ru');
  if (needle) {
    const haystack = [
      product.name,
      product.originalName,
      product.description,
      product.gameItemName,
      // A kit is found by what it holds too: «дерево» finds the builder's kit.
      ...(product.kitItems ?? []).flatMap((line) => [line.name, line.gameItemName]),
    ];
    if (!haystack.some((text) => text?.toLocaleLowerCase('ru').includes(needle))) return false;
  }
  return true;
}

/** The cache key of a filter set. */
export const queryKey = (filters: ProductFilters) =>
  [
    filters.category ?? '',
    filters.server ?? '',
    filters.search?.trim().toLowerCase() ?? '',
    filters.popular ?? '',
  ].join('\u0000');
