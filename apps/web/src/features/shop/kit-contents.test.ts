import { formatKits, KIT_MAX_QUANTITY } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { KITS_PER_PURCHASE, kitContentsText, kitItemCount } from './kit-contents';

const builder = [
  { name: 'Дерево', amount: 5000 },
  { name: 'Камни', amount: 5000 },
  { name: 'Фрагменты металла', amount: 1000 },
];

describe('what a kit holds, in words', () => {
  it('lists its lines with grouped counts, times the kits bought', () => {
    expect(kitContentsText(builder)).toBe(
      'Дерево ×5\u00a0000, Камни ×5\u00a0000, Фрагменты металла ×1\u00a0000',
    );
    expect(kitContentsText(builder.slice(0, 1), 3)).toBe('Дерево ×15\u00a0000');
  });

  it('counts items and kits with the Russian plural', () => {
    expect([1, 3, 5, 21].map(kitItemCount)).toEqual([
      '1 предмет',
      '3 предмета',
      '5 предметов',
      '21 предмет',
    ]);
    expect([1, 2, 11].map(formatKits)).toEqual(['1 набор', '2 набора', '11 наборов']);
  });

  it('lets the dialog offer exactly as many kits as the shop sells at once', () => {
    expect(KITS_PER_PURCHASE).toBe(KIT_MAX_QUANTITY);
  });
});
