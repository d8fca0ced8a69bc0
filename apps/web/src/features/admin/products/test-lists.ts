import { DEFAULT_SITE_CONTENT } from '@shop/shared';
import type { CatalogueLists } from './catalogue-lists';

/** The lists a shop starts with. */
export const shippedLists: CatalogueLists = DEFAULT_SITE_CONTENT;

/** An owner's lists: a category and a tier of their own, a renamed and a hidden category, a renamed tier. */
export const ownerLists: CatalogueLists = {
  categories: [
    { key: 'raid', label: 'Рейд', hidden: false },
    { key: 'weapons', label: 'Стволы', hidden: false },
    { key: 'food', label: 'Еда', hidden: true },
  ],
  vipTiers: [
    { key: 'Gold', label: 'Золото' },
    { key: 'Legend', label: 'Легенда' },
  ],
};
