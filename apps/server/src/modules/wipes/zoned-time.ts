/**
 * Wall-clock time in an IANA zone, with Intl alone: a schedule says "Thursday 14:00 Moscow", the
 * database and the API speak instants. Offsets are read from Intl for each instant, so summer time
 * and a zone's changes of its rules come from the runtime's time-zone data.
 */

/** A calendar date: month 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields an instant shows in a zone. */
function wallClock(instant: number, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar date an instant falls on in a zone. */
export function dateIn(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallClock(instant.getTime(), timeZone);
  return { year, month, day };
}

/**
 * The instant a zone's clocks show this date and time. A time the clocks skip (spring forward:
 * 02:30 in Berlin on the last Sunday of March) is taken as the same distance past the jump (03:30
 * summer time), as the owner's clock on the wall would run; a time they show twice (autumn) is
 * the first of the two.
 */
export function instantAt(
  date: CalendarDate,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offsets in force a day either side cover any one change of the zone's clocks.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const shown = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b);
  return new Date(shown[0] ?? wall - before);
}

/** A date `days` later (or earlier) on the calendar. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Day of the week, 0 Sunday to 6 Saturday (as JavaScript and .NET count). */
export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const day = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day) / DAY;
  return Math.round(day(to) - day(from));
}
