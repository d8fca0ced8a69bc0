import { describe, expect, it } from 'vitest';
import { wipeSummary } from './wipe-summary';

const now = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();

describe('wipeSummary', () => {
  it('says how long ago the last wipe was and counts down to the next', () => {
    expect(wipeSummary({ lastWipeAt: at(-74), nextWipeAt: at(52) }, now)).toEqual({
      last: '3 дня назад',
      next: 'следующий через 2 д 4 ч',
    });
    expect(wipeSummary({ lastWipeAt: at(-74), nextWipeAt: at(5.2) }, now)?.next).toBe(
      'следующий через 5 ч 12 мин',
    );
  });

  it('says only what it knows', () => {
    expect(wipeSummary({ lastWipeAt: at(-5), nextWipeAt: null }, now)).toEqual({
      last: '5 часов назад',
      next: null,
    });
    expect(wipeSummary({ lastWipeAt: null, nextWipeAt: at(30) }, now)).toEqual({
      last: null,
      next: 'следующий через 1 д 6 ч',
    });
    expect(wipeSummary({ lastWipeAt: null, nextWipeAt: null }, now)).toBeNull();
  });

  it('says «сейчас» once the predicted time has come and the wipe is not seen yet', () => {
    expect(wipeSummary({ lastWipeAt: at(-170), nextWipeAt: at(-0.1) }, now)?.next).toBe(
      'следующий — сейчас',
    );
    expect(wipeSummary({ lastWipeAt: at(-0.001), nextWipeAt: null }, now)?.last).toBe('только что');
  });
});
