import { describe, expect, it } from 'vitest';
import { testProduct } from '@/lib/test-product';
import { filterProducts, isLockedFor, productServerName } from './filter-products';

const all = { search: '', category: 'all', server: 'all' };
const ak = testProduct({ id: 1 });
const wood = testProduct({
  id: 2,
  name: 'Дерево',
  originalName: 'Wood',
  description: 'Стак дерева',
  gameItemName: 'wood',
  category: 'resources',
  server: '2',
});
const list = [ak, wood];

describe('filterProducts', () => {
  it('searches name, original name, description and shortname, ignoring case', () => {
    expect(filterProducts(list, { ...all, search: 'ШТУРМ' })).toEqual([ak]);
    expect(filterProducts(list, { ...all, search: 'wood' })).toEqual([wood]);
    expect(filterProducts(list, { ...all, search: 'классика' })).toEqual([ak]);
    expect(filterProducts(list, { ...all, search: 'RIFLE.AK' })).toEqual([ak]);
    expect(filterProducts(list, { ...all, search: '  ' })).toEqual(list);
  });

  it('filters by category', () => {
    expect(filterProducts(list, { ...all, category: 'resources' })).toEqual([wood]);
  });

  it('lets an all-servers product match any server filter', () => {
    expect(filterProducts(list, { ...all, server: '2' })).toEqual([ak, wood]);
    expect(filterProducts(list, { ...all, server: '1' })).toEqual([ak]);
  });

  it('combines the three filters', () => {
    expect(filterProducts(list, { search: 'дерев', category: 'weapons', server: '2' })).toEqual([]);
  });
});

describe('productServerName', () => {
  const servers = [{ id: 2, name: 'Solo' }];
  it('names all, a known server and an unknown one', () => {
    expect(productServerName('all', servers)).toBe('Все серверы');
    expect(productServerName('2', servers)).toBe('Solo');
    expect(productServerName('9', servers)).toBe('Неизвестный сервер');
  });
});

describe('isLockedFor', () => {
  it('locks a personal gift for everyone but its owner', () => {
    const gift = testProduct({ personalUserId: 5 });
    expect(isLockedFor(gift, 5)).toBe(false);
    expect(isLockedFor(gift, 4)).toBe(true);
    expect(isLockedFor(gift, null)).toBe(true);
    expect(isLockedFor(ak, null)).toBe(false);
  });
});
