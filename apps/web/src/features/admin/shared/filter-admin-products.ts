import type { AdminProduct } from '@shop/shared';

/** The admin list's own filter: by name only (SPEC §2 admin 4), plus the category. */
export function filterAdminProducts<T extends Pick<AdminProduct, 'name' | 'category'>>(
  products: readonly T[],
  search: string,
  category: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase('ru-RU');
  return products.filter(
    (product) =>
      (category === 'all' || product.category === category) &&
      (!needle || product.name.toLocaleLowerCase('ru-RU').includes(needle)),
  );
}
