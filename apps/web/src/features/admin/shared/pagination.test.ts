import { describe, expect, it } from 'vitest';
import { pageCount } from './pagination';

describe('pageCount', () => {
  it('counts pages of 20, never fewer than one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(1);
  });
});
