/** SPEC §2 Shop categories, in the order the filter lists them. */
export const productCategories = [
  { value: 'weapons', label: 'Оружие' },
  { value: 'tools', label: 'Инструменты' },
  { value: 'resources', label: 'Ресурсы' },
  { value: 'clothing', label: 'Одежда' },
  { value: 'building', label: 'Строительство' },
  { value: 'ammunition', label: 'Боеприпасы' },
  { value: 'medical', label: 'Медицина' },
  { value: 'food', label: 'Еда' },
  { value: 'kits', label: 'Наборы' },
  { value: 'vip', label: 'VIP' },
  { value: 'miscellaneous', label: 'Разное' },
] as const;

export const ALL = 'all';

export function categoryLabel(category: string): string {
  return productCategories.find((c) => c.value === category)?.label ?? 'Разное';
}
