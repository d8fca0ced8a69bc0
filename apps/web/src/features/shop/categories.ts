import type { PublicSite } from '@shop/shared';

/** The filters' "no restriction" value; also what a product for every server carries in `server`. */
export const ALL = 'all';

type SiteCategories = Pick<PublicSite, 'categories'> | undefined;

export interface CategoryOption {
  value: string;
  label: string;
}

/** The category filter's choices: the owner's categories in the owner's order, hidden ones left out. */
export function categoryOptions(site: SiteCategories): CategoryOption[] {
  return (site?.categories ?? [])
    .filter((category) => !category.hidden)
    .map((category) => ({ value: category.key, label: category.label }));
}

/**
 * A product's category as the owner names it (hidden ones too: the product is still sold). A key
 * the settings do not list reads as «miscellaneous» does; before the settings arrive, nothing.
 */
export function categoryLabel(category: string, site: SiteCategories): string {
  const categories = site?.categories ?? [];
  const labelOf = (key: string) => categories.find((entry) => entry.key === key)?.label;
  return labelOf(category) ?? labelOf('miscellaneous') ?? '';
}
