import type { ServerWipe } from '@shop/shared';

/** A wipe placed on the daily revenue chart: `position` counts days from the first one's start. */
export interface WipeMark {
  wipe: ServerWipe;
  position: number;
}

/** 'YYYY-MM-DD' and the hour of the day of an instant in `timeZone`, as the chart's days count. */
function zonedDay(at: Date, timeZone: string): { day: string; dayFraction: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    dayFraction: (Number(parts.hour) * 60 + Number(parts.minute)) / (24 * 60),
  };
}

/**
 * Where each wipe falls on a chart of `days` (the shop's calendar days in `timeZone`, oldest
 * first): within its day by the hour. Wipes outside the days are left out.
 */
export function wipeMarks(
  wipes: readonly ServerWipe[],
  days: readonly string[],
  timeZone: string,
): WipeMark[] {
  const index = new Map(days.map((day, position) => [day, position]));
  return wipes.flatMap((wipe) => {
    const at = new Date(wipe.at);
    if (Number.isNaN(at.getTime())) return [];
    const { day, dayFraction } = zonedDay(at, timeZone);
    const position = index.get(day);
    return position === undefined ? [] : [{ wipe, position: position + dayFraction }];
  });
}

/** The start of the chart's first day, a day early (any zone's midnight is after it): `since`. */
export function chartSince(firstDay: string): string {
  return new Date(Date.parse(`${firstDay}T00:00:00Z`) - 24 * 3_600_000).toISOString();
}
