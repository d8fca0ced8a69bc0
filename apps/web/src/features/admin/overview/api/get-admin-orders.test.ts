import { describe, expect, it } from 'vitest';
import { newestFirst } from './get-admin-orders';

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
