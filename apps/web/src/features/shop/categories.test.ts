import { describe, expect, it } from 'vitest';
import { categoryLabel, categoryOptions } from './categories';

const site = {
  categories: [
    { key: 'kits', label: 'Киты', hidden: false, image: null },
    { key: 'weapons', label: 'Стволы', hidden: false, image: null },
    { key: 'food', label: 'Еда', hidden: true, image: null },
    { key: 'skins', label: 'Скины', hidden: false, image: null },
    { key: 'miscellaneous', label: 'Прочее', hidden: false, image: null },
  ],
};

describe('the shop categories from the owner’s settings', () => {
  it('lists the owner’s categories in the owner’s order, leaving hidden ones out', () => {
    expect(categoryOptions(site)).toEqual([
      { value: 'kits', label: 'Киты' },
      { value: 'weapons', label: 'Стволы' },
      { value: 'skins', label: 'Скины' },
      { value: 'miscellaneous', label: 'Прочее' },
    ]);
  });

  it('names a product’s category as the owner does, a hidden or an added one too', () => {
    expect(categoryLabel('weapons', site)).toBe('Стволы');
    expect(categoryLabel('food', site)).toBe('Еда');
    expect(categoryLabel('skins', site)).toBe('Скины');
  });

  it('reads a category the settings do not list as «miscellaneous»', () => {
    expect(categoryLabel('tools', site)).toBe('Прочее');
  });

  it('offers and names nothing before the settings arrive', () => {
    expect(categoryOptions(undefined)).toEqual([]);
    expect(categoryLabel('weapons', undefined)).toBe('');
  });
});
