import { describe, expect, it } from 'vitest';
import { newestFirst } from './api/get-admin-orders';
import { pageCount } from './pagination';

describe('newestFirst', () => {
  it('sorts by creation time, newest first, without touching the input', () => {
    const input = [
      { id: 'a', createdAt: '2025-03-01T10:00:00.000Z' },
      { id: 'c', createdAt: '2025-03-03T10:00:00.000Z' },
      { id: 'b', createdAt: '2025-03-02T10:00:00.000Z' },
    ];
    expect(newestFirst(input).map((order) => order.id)).toEqual(['c', 'b', 'a']);
    expect(input[0]?.id).toBe('a');
  });
});

describe('pageCount', () => {
  it('counts pages of 20, never fewer than one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(1);
  });
});
