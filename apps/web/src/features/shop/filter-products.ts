import type { Product } from './api/get-products';
import { ALL } from './categories';

export interface ProductFilter {
  search: string;
  category: string;
  server: string;
}

/** SPEC §5: case-insensitive search over four fields; an 'all servers' product matches any server filter. */
export function filterProducts(products: readonly Product[], filter: ProductFilter): Product[] {
  const needle = filter.search.trim().toLowerCase();
  return products.filter((product) => {
    if (filter.category !== ALL && product.category !== filter.category) return false;
    const server =
      product.server === null || product.server === undefined ? ALL : String(product.server);
    if (filter.server !== ALL && server !== ALL && server !== filter.server) return false;
    if (!needle) return true;
    return [product.name, product.originalName, product.description, product.gameItemName].some(
      (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
    );
  });
}
