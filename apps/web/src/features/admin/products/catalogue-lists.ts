import type { SiteCategory, SiteVipTier } from '@shop/shared';
import { vipTierLabel } from '@/lib/vip-tiers';

/**
 * The owner's categories and VIP tiers (`site.categories`, `site.vipTiers`) as the admin's forms,
 * filters and cards read them. The lists come in as parameters, so the logic stays testable; before
 * the settings arrive they are undefined, and every key is shown as it is stored.
 */
export type CategoryList = readonly SiteCategory[];
export type TierList = readonly SiteVipTier[];
export interface CatalogueLists {
  categories: CategoryList;
  vipTiers: TierList;
}

/** A select's option: the stored key and what the admin reads. */
export type Option = readonly [value: string, label: string];

export const HIDDEN_MARK = '(скрыта)';

/** The server's words for a key the owner's settings do not list. */
export const unknownCategoryMessage = (key: string) =>
  `Категория «${key}» не найдена: добавьте её в «Оформление → Каталог и деньги»`;
export const unknownTierMessage = (key: string) =>
  `Уровень VIP «${key}» не найден: добавьте его в «Оформление → Каталог и деньги»`;

/** A category as the admin reads it: the owner's label, or the key itself when it is not listed. */
export function categoryLabel(key: string, categories: CategoryList | undefined): string {
  return categories?.find((category) => category.key === key)?.label ?? key;
}

/** A tier as the admin reads it: the owner's label, or the key itself when it is not listed. */
export function tierLabel(key: string, tiers: TierList | undefined): string {
  return vipTierLabel(key, tiers);
}

/** Keys a form or filter still holds that the list lacks, each once, in the order first seen. */
function unlisted(listed: readonly { key: string }[], keys: readonly string[]): string[] {
  const known = new Set(listed.map((entry) => entry.key));
  return [...new Set(keys)].filter((key) => key !== '' && !known.has(key));
}

/**
 * The owner's categories in the owner's order, hidden ones included and marked «(скрыта)» (products
 * may keep them). A key in `keep` the settings no longer list (a product's own) is added as the key
 * itself, so a select still shows the value it holds.
 */
export function categoryOptions(
  categories: CategoryList | undefined,
  keep: readonly string[] = [],
): Option[] {
  const list = categories ?? [];
  return [
    ...list.map(
      ({ key, label, hidden }) => [key, hidden ? `${label} ${HIDDEN_MARK}` : label] as const,
    ),
    ...unlisted(list, keep).map((key) => [key, key] as const),
  ];
}

/**
 * The owner's tiers, lowest first, by their labels (the values are the keys); a kept key the list
 * lacks is added as the key itself. `format` words the label: «VIP Золото» in the user dialog.
 */
export function tierOptions(
  tiers: TierList | undefined,
  keep: readonly string[] = [],
  format: (label: string) => string = (label) => label,
): Option[] {
  const list = tiers ?? [];
  return [
    ...list.map(({ key, label }) => [key, format(label)] as const),
    ...unlisted(list, keep).map((key) => [key, format(key)] as const),
  ];
}

/** Whether the settings list this key; anything passes before they arrive (the server checks). */
export function isListed(key: string, list: readonly { key: string }[] | undefined): boolean {
  return list === undefined || list.some((entry) => entry.key === key);
}
