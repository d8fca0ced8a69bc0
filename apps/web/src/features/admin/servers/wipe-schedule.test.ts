import { describe, expect, it } from 'vitest';
import { describeSchedule, weekdayOptions } from './wipe-schedule';

describe('describeSchedule', () => {
  it('reads each preset in a line', () => {
    expect(describeSchedule({ every: 'week', weekday: 4, time: '14:00' })).toBe(
      'Каждую неделю, четверг в 14:00',
    );
    expect(
      describeSchedule({ every: 'two-weeks', weekday: 0, time: '20:00', anchor: '2026-11-22' }),
    ).toBe('Раз в две недели, воскресенье в 20:00');
    expect(
      describeSchedule({ every: 'month-first-thursday', time: '22:00', timeZone: 'Europe/London' }),
    ).toBe('Первый четверг месяца в 22:00 (Europe/London)');
  });
});

describe('weekdayOptions', () => {
  it('starts the week on Monday and counts days as Date#getDay does', () => {
    expect(weekdayOptions[0]).toEqual(['1', 'Понедельник']);
    expect(weekdayOptions[6]).toEqual(['0', 'Воскресенье']);
  });
});
