import {
  CATEGORY_KEY,
  MAX_CARDS,
  MAX_CATEGORIES,
  MAX_LINKS,
  MAX_VIP_TIERS,
  VIP_TIER_KEY,
  type SiteCard,
  type SiteCategory,
  type SiteLink,
  type SiteVipTier,
} from '@shop/shared';

/**
 * The list edits «Оформление» offers (cards, links, categories, VIP tiers). Each returns a new list
 * and leaves the one it was given alone, so the draft in React state is never changed in place.
 */

// The lists' limits are the schema's own (shared), offered to the editors from here.
export { MAX_CARDS, MAX_CATEGORIES, MAX_LINKS, MAX_VIP_TIERS };

/** The list with `item` at the end, or the list as it was once it holds `max`. */
export function addItem<T>(list: readonly T[], item: T, max: number): T[] {
  return list.length >= max ? [...list] : [...list, item];
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, at) => at !== index);
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, at) => (at === index ? item : current));
}

/** The item one place up (-1) or down (+1); past either end nothing moves. */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** The floating button shows one link: marking one main unmarks the others; -1 marks none. */
export function setMainLink(links: readonly SiteLink[], index: number): SiteLink[] {
  return links.map((link, at) => ({ ...link, main: at === index }));
}

/** A new link is never main: the owner picks the main one, it is not taken from them unasked. */
export const newLink = (): SiteLink => ({ kind: 'telegram', url: '', label: '', main: false });

export const newCard = (): SiteCard => ({ icon: 'sparkles', title: '', text: '' });

/** Why a new category cannot be added with this key, in Russian, or null. */
export function categoryKeyProblem(
  key: string,
  categories: readonly SiteCategory[],
): string | null {
  if (!CATEGORY_KEY.test(key)) {
    return 'Ключ категории: латинские строчные буквы, цифры и дефис, 2–32 символа, с буквы';
  }
  if (categories.some((category) => category.key === key)) return `Категория «${key}» уже есть`;
  if (categories.length >= MAX_CATEGORIES) return `Категорий не больше ${MAX_CATEGORIES}`;
  return null;
}

/** Why a new VIP tier cannot be added with this key, in Russian, or null. */
export function vipKeyProblem(key: string, tiers: readonly SiteVipTier[]): string | null {
  if (!VIP_TIER_KEY.test(key)) return 'Ключ уровня: латиница и цифры, 2–32 символа, с буквы';
  if (tiers.some((tier) => tier.key.toLowerCase() === key.toLowerCase())) {
    return `Уровень «${key}» уже есть`;
  }
  if (tiers.length >= MAX_VIP_TIERS) return `Уровней не больше ${MAX_VIP_TIERS}`;
  return null;
}
