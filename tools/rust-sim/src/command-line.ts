/** A console command split the way the game's ConsoleSystem does: a name, then quoted arguments. */
export interface ParsedCommand {
  name: string;
  args: string[];
  /** Everything after the name, unparsed (what `say` broadcasts). */
  rest: string;
}

export function parseCommandLine(line: string): ParsedCommand {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  const name = (space === -1 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const rest = space === -1 ? '' : trimmed.slice(space + 1).trim();
  return { name, args: splitQuoted(rest), rest };
}

/**
 * The game's argument split: whitespace outside double quotes ends an argument, and the quotes
 * themselves are dropped wherever they stand, so `"2module car"` is one argument, `a"b c"d` is `ab cd`
 * and `""` an empty one. There is no escape: a quote always opens or closes.
 */
export function splitQuoted(text: string): string[] {
  const args: string[] = [];
  let current = '';
  let inQuotes = false;
  // A quoted empty string is still an argument; bare whitespace is not.
  let started = false;
  for (const char of text) {
    if (char === '"') {
      inQuotes = !inQuotes;
      started = true;
    } else if (!inQuotes && /\s/.test(char)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/**
 * A ban duration as the game's `GetTimestamp` reads it: a bare number of seconds or a number with a
 * unit (`30m`, `2h`, `7d`). Returns seconds, or null when absent or unreadable (= permanent).
 */
export function parseBanDuration(text: string | undefined): number | null {
  if (text === undefined) return null;
  const match = /^(\d+)([smhdw]?)$/i.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const seconds = amount * (unit === '' ? 1 : (UNIT_SECONDS[unit] ?? 1));
  return seconds > 0 ? seconds : null;
}

/**
 * BetterChatMute's time format: `1d2h3m4s` (any subset). A bare number is NOT a time to that plugin:
 * it becomes part of the reason and the mute is permanent. Returns milliseconds or null.
 */
export function parseMuteTime(text: string): number | null {
  const match = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i.exec(text);
  if (!match || text === '') return null;
  const [, d, h, m, s] = match;
  return (
    ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(m ?? 0)) * 60_000 + Number(s ?? 0) * 1000
  );
}

/** Roughly the game's `FormatSecondsLong` ("1 day 2 hours"), used only in reply texts. */
export function formatSecondsLong(seconds: number): string {
  const parts: string[] = [];
  const units: Array<[number, string]> = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  let left = seconds;
  for (const [size, label] of units) {
    const count = Math.floor(left / size);
    if (count > 0) parts.push(`${count} ${label}${count === 1 ? '' : 's'}`);
    left -= count * size;
  }
  return parts.join(' ') || '0 seconds';
}

/** BetterChatMute's `FormatTime`: "1 day(s), 2 hour(s) and 3 minute(s)". */
export function formatMuteTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const values: string[] = [];
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days) values.push(`${days} day(s)`);
  if (hours) values.push(`${hours} hour(s)`);
  if (minutes) values.push(`${minutes} minute(s)`);
  if (secs) values.push(`${secs} second(s)`);
  if (values.length === 0) return '0 second(s)';
  if (values.length === 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}
