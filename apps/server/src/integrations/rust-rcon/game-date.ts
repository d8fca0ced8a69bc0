/**
 * Dates and convars as the game prints them over RCON.
 *
 * serverinfo's SaveCreatedTime is a .NET DateTime printed with no format and no zone. A dedicated
 * server runs in the invariant culture ("04/17/2023 06:00:42": month first, 24-hour); a server
 * started under an en-US culture prints "4/17/2023 6:00:42 AM". The game keeps the save time in UTC.
 * ISO 8601 is read too (tools and older simulators print it). Anything else is unknown: null.
 */

const DOTNET = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?(?: ?([AP]M))?$/i;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Rust came out in 2013: an earlier save time (DateTime.MinValue, 01/01/0001) means none. */
const EARLIEST_YEAR = 2013;
const LATEST_YEAR = 9999;

/** A UTC instant from calendar fields, or null when they name no real moment (31 February). */
function utcInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): Date | null {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  return same ? at : null;
}

function fromDotnet(match: RegExpExecArray): Date | null {
  const [, month, day, year, hourText, minute, second, meridiem] = match;
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
  }
  return utcInstant(Number(year), Number(month), Number(day), hour, Number(minute), Number(second));
}

function fromIso(match: RegExpExecArray): Date | null {
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
  const calendar = utcInstant(
    Number(year),
    Number(month),
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (!calendar) return null;
  // No zone: the game's times are UTC. An offset is written with its colon for Date to read.
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A save time as serverinfo gives it, or null when missing or unreadable. Never throws. */
export function parseGameDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 40) return null;
  const dotnet = DOTNET.exec(text);
  if (dotnet) return fromDotnet(dotnet);
  const iso = ISO.exec(text);
  return iso ? fromIso(iso) : null;
}

/**
 * The value of a convar read with no argument: the game answers `server.seed: "1337"`. Null when
 * the reply is anything else (an unknown command's warning, an empty reply).
 */
export function parseConvarReply(name: string, message: string): string | null {
  const match = /^\s*([\w.]+):\s*"([^"]*)"\s*$/.exec(message);
  return match && match[1]?.toLowerCase() === name.toLowerCase() ? (match[2] ?? null) : null;
}

/** A convar that holds a positive whole number (seed, world size), or null. */
export function parseConvarNumber(name: string, message: string): number | null {
  const text = parseConvarReply(name, message);
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 2_147_483_647 ? value : null;
}
