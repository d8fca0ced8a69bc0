import {
  isSafeText,
  MONEY_MAX_ROUBLES,
  STEAM_ID64,
  type ImportError,
  type Kopecks,
} from '@shop/shared';
import { csvRows } from './csv-rows';

/** One row of a balance file, read and checked. */
export interface BalanceRow {
  line: number;
  steamId: string;
  amountKopecks: Kopecks;
  note: string | null;
}

export const BALANCE_FILE_MAX_ROWS = 50_000;
const NOTE_MAX = 200;
/** Roubles with at most two decimals, a point or a comma; spaces between thousands allowed. */
const AMOUNT = /^\d{1,3}(?:[ \u00a0]?\d{3})*(?:[.,]\d{1,2})?$|^\d+(?:[.,]\d{1,2})?$/;
const HEADER = /^steam_?id$/i;

export const BALANCE_MESSAGES = {
  empty: 'В файле нет ни одной строки с балансом',
  tooMany: 'Не больше 50 000 строк в одном файле',
  columns: 'Ожидается steamId,amount и, по желанию, примечание',
  steamId: 'Steam ID: 17 цифр, начинается с 7656119',
  amount: 'Сумма: рубли, до двух знаков после запятой, например 150,50',
  positive: 'Сумма должна быть больше нуля',
  tooLarge: 'Сумма не больше 10 000 000 ₽',
  note: `Примечание: не длиннее ${NOTE_MAX} символов, в одну строку`,
  repeated: (line: number) => `Этот Steam ID уже есть в строке ${line}`,
} as const;

/** "1 234,56" → 123456 kopecks, through the digits: no float ever touches an amount. */
function kopecksOf(text: string): Kopecks {
  const [whole = '0', fraction = ''] = text.replace(/[ \u00a0]/g, '').split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Reads `steamId,amount[,note]` rows (a header line is allowed). Every bad row is reported by its
 * line and reason, so the admin fixes the file in one go; a file with any error imports nothing.
 */
export function readBalanceFile(content: string): {
  /** Data rows in the file, good and bad. */
  count: number;
  rows: BalanceRow[];
  errors: ImportError[];
} {
  const { rows: records, error } = csvRows(content);
  if (error) return { count: 0, rows: [], errors: [error] };
  const data = records.filter((row, index) => !(index === 0 && HEADER.test(row.cells[0] ?? '')));
  if (data.length === 0) {
    return { count: 0, rows: [], errors: [{ line: 1, message: BALANCE_MESSAGES.empty }] };
  }
  if (data.length > BALANCE_FILE_MAX_ROWS) {
    return {
      count: data.length,
      rows: [],
      errors: [{ line: 1, message: BALANCE_MESSAGES.tooMany }],
    };
  }
  const rows: BalanceRow[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of data) {
    const [steamId = '', amount = '', note = '', ...extra] = cells;
    const fail = (message: string) => errors.push({ line, message });
    if (cells.length < 2 || extra.some((cell) => cell !== '')) fail(BALANCE_MESSAGES.columns);
    else if (!STEAM_ID64.test(steamId)) fail(BALANCE_MESSAGES.steamId);
    else if (amount.startsWith('-')) fail(BALANCE_MESSAGES.positive);
    else if (!AMOUNT.test(amount)) fail(BALANCE_MESSAGES.amount);
    else if (kopecksOf(amount) === 0) fail(BALANCE_MESSAGES.positive);
    else if (kopecksOf(amount) > MONEY_MAX_ROUBLES * 100) fail(BALANCE_MESSAGES.tooLarge);
    else if (note.length > NOTE_MAX || !isSafeText(note)) fail(BALANCE_MESSAGES.note);
    else if (seen.has(steamId)) fail(BALANCE_MESSAGES.repeated(seen.get(steamId)!));
    else {
      seen.set(steamId, line);
      rows.push({ line, steamId, amountKopecks: kopecksOf(amount), note: note || null });
    }
  }
  return { count: data.length, rows, errors };
}
