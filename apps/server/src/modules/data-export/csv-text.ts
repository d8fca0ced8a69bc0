/** How a column's values are written. */
export type ColumnKind = 'text' | 'free-text' | 'money' | 'time' | 'number' | 'flag';

export interface Column {
  name: string;
  kind: ColumnKind;
  /** One line for the README's description of the file. */
  means: string;
}

/** Kopecks as roubles with two decimals and a point: `-1234.05`. Exact, no float involved. */
export function roublesText(kopecks: string | number | bigint): string {
  const value = BigInt(kopecks);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * Text people typed (names, messages, notes): a spreadsheet would run a leading `=`, `+`, `-` or
 * `@` (or a tab or carriage return before one) as a formula, so such a value gets an apostrophe in
 * front, as spreadsheets themselves write it. Excel in a Russian locale opens a `.csv` split at `;`,
 * not at our commas, so every piece after a `;` is a cell start too, with the spaces and quotes such
 * a reader drops before the formula.
 */
const FORMULA_START = /(^|;)([ "]*)(?=[=+\-@\t\r])/g;

/** `text` with an apostrophe before every formula a `,` or a `;` spreadsheet would see start. */
export function formulaSafe(text: string): string {
  return text.replace(FORMULA_START, "$1$2'");
}

/** A database value as text: the drivers give strings, numbers, bigints, booleans and dates. */
function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

function cellText(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return roublesText(plain(value));
  if (kind === 'time') {
    return (value instanceof Date ? value : new Date(plain(value))).toISOString();
  }
  if (kind === 'flag') return value ? 'true' : 'false';
  const text = plain(value);
  // Every text goes through the guard: a category or a code an admin typed may carry a formula too.
  return kind === 'number' ? text : formulaSafe(text);
}

/** One CSV line (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled. */
export function csvLine(values: unknown[], columns: Column[]): string {
  return (
    values
      .map((value, index) => {
        const text = cellText(value, columns[index]?.kind ?? 'text');
        return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
