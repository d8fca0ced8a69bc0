import type { WipeSchedule } from '@shop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextWipeAfter, predictNextWipe } from './wipe-schedule';

const MOSCOW = 'Europe/Moscow';
const next = (schedule: WipeSchedule, after: string, zone = MOSCOW) =>
  nextWipeAfter(schedule, new Date(after), zone)?.toISOString();

/** The wall clock an instant shows in a zone, "2025-03-27 14:00". */
const wallClock = (instant: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(instant));

describe('next wipe by a weekly schedule', () => {
  const thursday14: WipeSchedule = { every: 'week', weekday: 4, time: '14:00' };

  it('is the coming Thursday at 14:00 in the shop’s zone (Moscow, UTC+3)', () => {
    expect(next(thursday14, '2025-12-01T09:00:00Z')).toBe('2025-12-04T11:00:00.000Z');
    expect(next(thursday14, '2025-12-04T10:59:59Z')).toBe('2025-12-04T11:00:00.000Z');
  });

  it('is next week once today’s wipe time has come or just passed', () => {
    expect(next(thursday14, '2025-12-04T11:00:00Z')).toBe('2025-12-11T11:00:00.000Z');
    expect(next(thursday14, '2025-12-04T11:00:00.001Z')).toBe('2025-12-11T11:00:00.000Z');
    expect(next(thursday14, '2025-12-04T20:00:00Z')).toBe('2025-12-11T11:00:00.000Z');
  });

  it('counts the weekday in the schedule’s zone, not in UTC', () => {
    // 22:30 UTC on Wednesday is already Thursday in Moscow, and Friday morning in Kiritimati.
    expect(next(thursday14, '2025-12-03T22:30:00Z')).toBe('2025-12-04T11:00:00.000Z');
    expect(next({ ...thursday14, timeZone: 'Pacific/Kiritimati' }, '2025-12-03T12:00:00Z')).toBe(
      '2025-12-04T00:00:00.000Z',
    );
    expect(next({ ...thursday14, timeZone: 'America/Los_Angeles' }, '2025-12-04T21:59:00Z')).toBe(
      '2025-12-04T22:00:00.000Z',
    );
  });

  it('takes the shop’s zone when the schedule names none, and its own when it does', () => {
    const at = '2025-12-01T00:00:00Z';
    expect(next(thursday14, at, 'Asia/Yekaterinburg')).toBe('2025-12-04T09:00:00.000Z');
    expect(next({ ...thursday14, timeZone: 'UTC' }, at, 'Asia/Yekaterinburg')).toBe(
      '2025-12-04T14:00:00.000Z',
    );
  });

  it('stays at 14:00 on the wall in Berlin across the change to and from summer time', () => {
    const berlin: WipeSchedule = { ...thursday14, timeZone: 'Europe/Berlin' };
    // March: CET (UTC+1) until the last Sunday, CEST (UTC+2) after.
    expect(next(berlin, '2025-03-26T12:00:00Z')).toBe('2025-03-27T13:00:00.000Z');
    expect(next(berlin, '2025-03-27T13:00:00Z')).toBe('2025-04-03T12:00:00.000Z');
    // October: back from CEST to CET.
    expect(next(berlin, '2025-10-23T11:59:00Z')).toBe('2025-10-23T12:00:00.000Z');
    expect(next(berlin, '2025-10-23T12:00:00Z')).toBe('2025-10-30T13:00:00.000Z');
    let at = new Date('2025-01-01T00:00:00Z');
    for (let week = 0; week < 60; week += 1) {
      at = nextWipeAfter(berlin, at, MOSCOW)!;
      expect(wallClock(at, 'Europe/Berlin')).toMatch(/ 14:00$/);
    }
  });

  it('moves a wipe in the hour the clocks skip past the jump, and takes the first of a doubled hour', () => {
    const sunday0230: WipeSchedule = {
      every: 'week',
      weekday: 0,
      time: '02:30',
      timeZone: 'Europe/Berlin',
    };
    // 30 March 2025: 02:00 CET becomes 03:00 CEST; 02:30 never shows, the wipe is at 03:30.
    expect(next(sunday0230, '2025-03-29T12:00:00Z')).toBe('2025-03-30T01:30:00.000Z');
    expect(wallClock('2025-03-30T01:30:00Z', 'Europe/Berlin')).toBe('2025-03-30 03:30');
    // 26 October 2025: 03:00 CEST becomes 02:00 CET; 02:30 shows twice, the wipe is the first.
    expect(next(sunday0230, '2025-10-25T12:00:00Z')).toBe('2025-10-26T00:30:00.000Z');
    // The second 02:30 of that night is no second wipe.
    expect(next(sunday0230, '2025-10-26T00:30:00Z')).toBe('2025-11-02T01:30:00.000Z');
  });
});

describe('next wipe every two weeks', () => {
  const fortnight: WipeSchedule = {
    every: 'two-weeks',
    weekday: 4,
    time: '18:00',
    anchor: '2025-12-04',
  };

  it('follows the anchor’s cycle, forwards and backwards', () => {
    expect(next(fortnight, '2025-12-04T14:59:00Z')).toBe('2025-12-04T15:00:00.000Z');
    expect(next(fortnight, '2025-12-04T15:00:00Z')).toBe('2025-12-18T15:00:00.000Z');
    expect(next(fortnight, '2025-12-10T00:00:00Z')).toBe('2025-12-18T15:00:00.000Z');
    expect(next(fortnight, '2025-11-10T00:00:00Z')).toBe('2025-11-20T15:00:00.000Z');
    expect(next(fortnight, '2025-11-21T00:00:00Z')).toBe('2025-12-04T15:00:00.000Z');
  });

  it('takes the first such weekday after an anchor that names another day', () => {
    const monday = { ...fortnight, anchor: '2025-12-01' };
    expect(next(monday, '2025-11-28T00:00:00Z')).toBe('2025-12-04T15:00:00.000Z');
    expect(next(monday, '2025-12-05T00:00:00Z')).toBe('2025-12-18T15:00:00.000Z');
  });

  it('keeps its wall-clock time across summer time in Berlin', () => {
    const berlin = { ...fortnight, anchor: '2025-03-20', timeZone: 'Europe/Berlin' };
    expect(next(berlin, '2025-03-21T00:00:00Z')).toBe('2025-04-03T16:00:00.000Z');
    // 16 and 30 October: 18:00 in summer time (UTC+2), then in winter time (UTC+1).
    expect(next(berlin, '2025-10-10T00:00:00Z')).toBe('2025-10-16T16:00:00.000Z');
    expect(next(berlin, '2025-10-17T00:00:00Z')).toBe('2025-10-30T17:00:00.000Z');
  });
});

describe('next wipe on the first Thursday of the month', () => {
  const forced: WipeSchedule = { every: 'month-first-thursday', time: '19:00', timeZone: 'UTC' };

  it('is the month’s first Thursday, else the next month’s', () => {
    expect(next(forced, '2025-12-01T00:00:00Z')).toBe('2025-12-04T19:00:00.000Z');
    expect(next(forced, '2025-12-04T19:00:00Z')).toBe('2026-01-01T19:00:00.000Z');
    expect(next(forced, '2026-01-02T00:00:00Z')).toBe('2026-02-05T19:00:00.000Z');
    // A Thursday that is not the first is no wipe.
    expect(next(forced, '2025-12-10T00:00:00Z')).toBe('2026-01-01T19:00:00.000Z');
  });

  it('is in the owner’s zone: Moscow’s evening wipe after midnight UTC the day before', () => {
    const moscow: WipeSchedule = { every: 'month-first-thursday', time: '02:00' };
    expect(next(moscow, '2025-11-30T00:00:00Z')).toBe('2025-12-03T23:00:00.000Z');
  });
});

describe('the prediction', () => {
  it('is null for a server with no schedule', () => {
    expect(predictNextWipe(null, MOSCOW)).toBeNull();
    expect(predictNextWipe(undefined, MOSCOW)).toBeNull();
    expect(
      predictNextWipe({ every: 'week', weekday: 1, time: '10:00' }, MOSCOW)!.getTime(),
    ).toBeGreaterThan(Date.now());
  });

  it('is always the first wipe after the time, whatever schedule, zone and moment', () => {
    const zones = ['Europe/Berlin', 'Europe/Moscow', 'America/New_York', 'Australia/Sydney', 'UTC'];
    const schedule = fc.oneof(
      fc.record({
        every: fc.constant('week' as const),
        weekday: fc.integer({ min: 0, max: 6 }),
        time: fc.constantFrom('00:00', '02:30', '14:00', '23:59'),
        timeZone: fc.constantFrom(...zones),
      }),
      fc.record({
        every: fc.constant('two-weeks' as const),
        weekday: fc.integer({ min: 0, max: 6 }),
        time: fc.constantFrom('00:00', '02:30', '18:00'),
        timeZone: fc.constantFrom(...zones),
        anchor: fc.constantFrom('2024-02-29', '2025-03-30', '2025-10-26'),
      }),
      fc.record({
        every: fc.constant('month-first-thursday' as const),
        time: fc.constantFrom('00:30', '19:00'),
        timeZone: fc.constantFrom(...zones),
      }),
    );
    const moment = fc.date({
      min: new Date('2024-01-01'),
      max: new Date('2030-12-31'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(schedule, moment, (plan, after) => {
        const found = nextWipeAfter(plan, after, MOSCOW);
        expect(found!.getTime()).toBeGreaterThan(after.getTime());
        expect(found!.getTime() - after.getTime()).toBeLessThanOrEqual(36 * 86_400_000);
        // Walking the schedule from long before lands on the same wipe: none was skipped.
        let walk = new Date(after.getTime() - 80 * 86_400_000);
        while (walk.getTime() <= after.getTime()) walk = nextWipeAfter(plan, walk, MOSCOW)!;
        expect(walk.toISOString()).toBe(found!.toISOString());
      }),
      { numRuns: 300 },
    );
  });
});
