import { describe, expect, it } from 'vitest';
import { blockedItems, itemServerId } from './cart-rules';

const item = (id: number, server: string, available = true) => ({
  id,
  name: `Товар ${id}`,
  server,
  available,
});

describe('blockedItems', () => {
  const items = [item(1, 'all'), item(2, '2'), item(3, 'all', false)];

  it('flags items off sale whatever the server', () => {
    expect(blockedItems(items, null)).toEqual([{ id: 3, name: 'Товар 3', reason: 'unavailable' }]);
  });

  it('flags items sold only for another server', () => {
    expect(blockedItems(items, 1)).toEqual([
      { id: 2, name: 'Товар 2', reason: 'other-server' },
      { id: 3, name: 'Товар 3', reason: 'unavailable' },
    ]);
    expect(blockedItems(items.slice(0, 2), 2)).toEqual([]);
  });
});

describe('itemServerId', () => {
  it('reads the server an item is limited to', () => {
    expect(itemServerId({ server: 'all' })).toBeNull();
    expect(itemServerId({ server: '2' })).toBe(2);
  });
});
