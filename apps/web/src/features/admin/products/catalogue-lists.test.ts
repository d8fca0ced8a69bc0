import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  categoryOptions,
  isListed,
  tierLabel,
  tierOptions,
} from './catalogue-lists';
import { ownerLists as owners, shippedLists as shipped } from './test-lists';

describe('categories as the admin reads them', () => {
  it('lists the owner’s in their order, hidden ones marked, renamed ones by the new label', () => {
    expect(categoryOptions(owners.categories)).toEqual([
      ['raid', 'Рейд'],
      ['weapons', 'Стволы'],
      ['food', 'Еда (скрыта)'],
    ]);
    expect(categoryOptions(shipped.categories)[0]).toEqual(['weapons', 'Оружие']);
  });

  it('keeps a key the settings no longer list, shown as the key, once', () => {
    expect(categoryOptions(owners.categories, ['tools', 'raid', 'tools', ''])).toEqual([
      ['raid', 'Рейд'],
      ['weapons', 'Стволы'],
      ['food', 'Еда (скрыта)'],
      ['tools', 'tools'],
    ]);
    expect(categoryOptions(undefined, ['weapons'])).toEqual([['weapons', 'weapons']]);
  });

  it('names a category by the owner’s label, or by its key', () => {
    expect(categoryLabel('weapons', owners.categories)).toBe('Стволы');
    expect(categoryLabel('weapons', shipped.categories)).toBe('Оружие');
    expect(categoryLabel('raid', owners.categories)).toBe('Рейд');
    expect(categoryLabel('tools', owners.categories)).toBe('tools');
    expect(categoryLabel('tools', undefined)).toBe('tools');
  });
});

describe('VIP tiers as the admin reads them', () => {
  it('shows the owner’s tiers by their labels, the values are the keys', () => {
    expect(tierOptions(owners.vipTiers)).toEqual([
      ['Gold', 'Золото'],
      ['Legend', 'Легенда'],
    ]);
    expect(tierOptions(shipped.vipTiers).map(([key]) => key)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
  });

  it('keeps an unlisted tier under its key and words labels as asked', () => {
    expect(tierOptions(owners.vipTiers, ['Silver'], (label) => `VIP ${label}`)).toEqual([
      ['Gold', 'VIP Золото'],
      ['Legend', 'VIP Легенда'],
      ['Silver', 'VIP Silver'],
    ]);
    expect(tierLabel('Gold', owners.vipTiers)).toBe('Золото');
    expect(tierLabel('Silver', owners.vipTiers)).toBe('Silver');
  });

  it('checks keys against the settings only once they are known', () => {
    expect(isListed('Legend', owners.vipTiers)).toBe(true);
    expect(isListed('Legend', shipped.vipTiers)).toBe(false);
    expect(isListed('anything', undefined)).toBe(true);
  });
});
