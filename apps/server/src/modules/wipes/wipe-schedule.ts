import type { WipeSchedule } from '@shop/shared';
import {
  addDays,
  dateIn,
  daysBetween,
  instantAt,
  weekdayOf,
  type CalendarDate,
} from './zoned-time';

const THURSDAY = 4;
/** Longer than any gap between two wipes of a schedule (a month's first Thursdays: 35 days). */
const SEARCH_DAYS = 40;

/** Whether a wipe of the schedule falls on this date (in the schedule's zone). */
function wipesOn(schedule: WipeSchedule, date: CalendarDate): boolean {
  switch (schedule.every) {
    case 'week':
      return weekdayOf(date) === schedule.weekday;
    case 'two-weeks': {
      if (weekdayOf(date) !== schedule.weekday) return false;
      // The cycle's reference wipe: the anchor itself, or the first such weekday after it when the
      // anchor names another day. Every 14 days from it, before and after, is a wipe.
      const [year, month, day] = schedule.anchor.split('-').map(Number);
      const anchor = { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
      const reference = addDays(anchor, (schedule.weekday - weekdayOf(anchor) + 7) % 7);
      return ((daysBetween(reference, date) % 14) + 14) % 14 === 0;
    }
    case 'month-first-thursday':
      return weekdayOf(date) === THURSDAY && date.day <= 7;
  }
}

/**
 * The first wipe of the schedule strictly after `after`: at the schedule's wall-clock time in its
 * zone (`defaultTimeZone`, the shop's, when it names none), so a wipe at 14:00 stays at 14:00 on
 * both sides of a change to or from summer time. A wipe time that has just passed today gives the
 * next one. Weekdays are 0 Sunday to 6 Saturday.
 */
export function nextWipeAfter(
  schedule: WipeSchedule,
  after: Date,
  defaultTimeZone: string,
): Date | null {
  if (Number.isNaN(after.getTime())) return null;
  const zone = schedule.timeZone || defaultTimeZone;
  const [hour = 0, minute = 0] = schedule.time.split(':').map(Number);
  // From the day before in the zone: a date boundary and the wall-clock shift never skip a wipe.
  const start = addDays(dateIn(after, zone), -1);
  for (let offset = 0; offset <= SEARCH_DAYS; offset += 1) {
    const date = addDays(start, offset);
    if (!wipesOn(schedule, date)) continue;
    const at = instantAt(date, hour, minute, zone);
    if (at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** The next wipe from now by a server's schedule, or null when it has none. */
export function predictNextWipe(
  schedule: WipeSchedule | null | undefined,
  defaultTimeZone: string,
  now: Date = new Date(),
): Date | null {
  return schedule ? nextWipeAfter(schedule, now, defaultTimeZone) : null;
}
