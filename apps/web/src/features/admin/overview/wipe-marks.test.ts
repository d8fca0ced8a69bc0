import type { ServerWipe } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { chartSince, wipeMarks } from './wipe-marks';

const wipe = (id: number, at: string): ServerWipe => ({
  id,
  serverId: 1,
  at,
  source: 'detected',
  map: null,
  seed: null,
  worldSize: null,
});

const days = ['2026-11-24', '2026-11-25', '2026-11-26'];

describe('wipeMarks', () => {
  it('places a wipe within its day of the shop calendar, by the hour', () => {
    // 11:00 UTC is 14:00 in Moscow: 14/24 into the second day.
    const [mark] = wipeMarks([wipe(1, '2026-11-25T11:00:00Z')], days, 'Europe/Moscow');
    expect(mark?.position).toBeCloseTo(1 + 14 / 24);
  });

  it("counts the day in the shop's zone, not UTC", () => {
    // 22:30 UTC on the 24th is already the 25th in Moscow.
    const [mark] = wipeMarks([wipe(1, '2026-11-24T22:30:00Z')], days, 'Europe/Moscow');
    expect(mark?.position).toBeCloseTo(1 + 1.5 / 24);
  });

  it('leaves out wipes outside the chart', () => {
    expect(wipeMarks([wipe(1, '2026-11-20T12:00:00Z')], days, 'UTC')).toEqual([]);
    expect(wipeMarks([wipe(1, 'not a date')], days, 'UTC')).toEqual([]);
  });
});

describe('chartSince', () => {
  it('starts a day before the first day, so no zone loses its morning', () => {
    expect(chartSince('2026-11-24')).toBe('2026-11-23T00:00:00.000Z');
  });
});
