import { productCategories, type ProductCategory } from '@shop/shared';

/** The filters' "no restriction" value; also what a product for every server carries in `server`. */
export const ALL = 'all';

/** SPEC §2 Shop categories, in the order the filter lists them. */
export const categoryOptions = (Object.keys(productCategories) as ProductCategory[]).map(
  (value) => ({ value, label: productCategories[value] }),
);

export function categoryLabel(category: string): string {
  return productCategories[category as ProductCategory] ?? productCategories.miscellaneous;
}
