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

describe('blockedItems after a wipe', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const offer = (availableAt: string | null) => ({
    price: 100,
    originalPrice: null,
    salePercent: null,
    saleEndsAt: null,
    availableAt,
  });

  it('flags an item the chosen server still holds back, saying for how long', () => {
    const held = { ...item(1, 'all'), offer: offer(new Date(now + 90 * 60_000).toISOString()) };
    expect(blockedItems([held], 1, now)).toEqual([
      { id: 1, name: 'Товар 1', reason: 'wipe-block', leftMs: 90 * 60_000 },
    ]);
    expect(
      blockedItems([{ ...held, offer: offer(new Date(now - 1).toISOString()) }], 1, now),
    ).toEqual([]);
    // No server chosen yet: nothing to hold back on.
    expect(blockedItems([held], null, now)).toEqual([]);
  });
});

describe('itemServerId', () => {
  it('reads the server an item is limited to', () => {
    expect(itemServerId({ server: 'all' })).toBeNull();
    expect(itemServerId({ server: '2' })).toBe(2);
  });
});
