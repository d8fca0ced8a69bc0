import { describe, expect, it } from 'vitest';
import { filterAdminProducts } from './filter-admin-products';

describe('filterAdminProducts', () => {
  const list = [
    { name: 'Штурмовая винтовка', category: 'weapons' as const },
    { name: 'Дерево', category: 'resources' as const },
  ];
  it('searches by name only, ignoring case, within a category', () => {
    expect(filterAdminProducts(list, 'ДЕРЕВО', 'all')).toEqual([list[1]]);
    expect(filterAdminProducts(list, '', 'weapons')).toEqual([list[0]]);
    expect(filterAdminProducts(list, 'дерево', 'weapons')).toEqual([]);
  });
});
