import type { Product } from '@shop/shared';
import { ALL } from './categories';

export interface ProductFilter {
  search: string;
  category: string;
  server: string;
}

type Filterable = Pick<
  Product,
  'name' | 'originalName' | 'description' | 'gameItemName' | 'category' | 'server'
>;

/** SPEC §5: case-insensitive search over four fields; an 'all servers' product matches any server filter. */
export function filterProducts<T extends Filterable>(
  products: readonly T[],
  filter: ProductFilter,
): T[] {
  const needle = filter.search.trim().toLocaleLowerCase('ru-RU');
  return products.filter((product) => {
    if (filter.category !== ALL && product.category !== filter.category) return false;
    if (filter.server !== ALL && product.server !== ALL && product.server !== filter.server)
      return false;
    if (!needle) return true;
    return [product.name, product.originalName, product.description, product.gameItemName].some(
      (field) => typeof field === 'string' && field.toLocaleLowerCase('ru-RU').includes(needle),
    );
  });
}

/** SPEC §2: 'Все серверы' for an all-servers product, 'Неизвестный сервер' when the id matches none. */
export function productServerName(
  server: string,
  servers: readonly { id: number; name: string }[],
): string {
  if (server === ALL) return 'Все серверы';
  return servers.find((candidate) => String(candidate.id) === server)?.name ?? 'Неизвестный сервер';
}

/** A personal gift (SPEC §6) can be bought only by the user it was made for. */
export function isLockedFor(
  product: Pick<Product, 'personalUserId'>,
  userId: number | null | undefined,
): boolean {
  return product.personalUserId !== null && product.personalUserId !== userId;
}
