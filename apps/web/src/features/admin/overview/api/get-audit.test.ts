import { describe, expect, it } from 'vitest';
import { auditNewestFirst } from './get-audit';

describe('auditNewestFirst', () => {
  it('orders by time, newest first, then by id, without touching the input', () => {
    const input = [
      { id: 3, createdAt: '2025-03-01T10:00:00.000Z' },
      { id: 1, createdAt: '2025-03-02T10:00:00.000Z' },
      { id: 2, createdAt: '2025-03-02T10:00:00.000Z' },
      { id: 4, createdAt: '2025-02-28T10:00:00.000Z' },
    ];
    expect(auditNewestFirst(input).map((entry) => entry.id)).toEqual([2, 1, 3, 4]);
    expect(input[0]?.id).toBe(3);
  });
});
