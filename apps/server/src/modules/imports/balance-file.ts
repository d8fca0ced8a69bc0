import {
  isSafeText,
  MONEY_MAX_ROUBLES,
  STEAM_ID64,
  type ImportError,
  type Kopecks,
} from '@shop/shared';
import { createHash } from 'node:crypto';
import { csvRowsInSlices } from './csv-rows';

/** One row of a balance file, read and checked. */
export interface BalanceRow {
  line: number;
  steamId: string;
  amountKopecks: Kopecks;
  note: string | null;
  /** What the row is, whatever file or line it comes in (rowKey). */
  key: string;
}

export const BALANCE_FILE_MAX_ROWS = 200_000;
/** Rows checked between two turns of the event loop. */
const ROWS_PER_TURN = 1_000;
const NOTE_MAX = 200;
/** Roubles with at most two decimals, a point or a comma; spaces between thousands allowed. */
const AMOUNT = /^\d{1,3}(?:[ \u00a0]?\d{3})*(?:[.,]\d{1,2})?$|^\d+(?:[.,]\d{1,2})?$/;
const HEADER = /^steam_?id$/i;

export const BALANCE_MESSAGES = {
  empty: 'В файле нет ни одной строки с балансом',
  tooMany: 'Не больше 200 000 строк в одном файле',
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A transfer by its content: the Steam ID, the amount in kopecks and the note (runs of spaces as
 * one). The same balance credits once, whichever file, line, separator or header brings it; a
 * deliberate second transfer of the same amount to the same player carries a note of its own.
 */
export const rowKey = (steamId: string, amountKopecks: Kopecks, note: string | null) =>
  sha256(`${steamId}\n${amountKopecks}\n${(note ?? '').replace(/ {2,}/g, ' ')}`);

/** A file by its rows' content, in any order: the same balances are the same file. */
export const fileKey = (rows: readonly BalanceRow[]) =>
  sha256(
    rows
      .map((row) => row.key)
      .sort()
      .join('\n'),
  );

/**
 * Reads `steamId,amount[,note]` rows (a header line is allowed). Every bad row is reported by its
 * line and reason, so the admin fixes the file in one go; a file with any error imports nothing.
 * Read a slice at a time, handing the event loop back in between: the shop answers meanwhile.
 */
export async function readBalanceFile(content: string): Promise<{
  /** Data rows in the file, good and bad. */
  count: number;
  rows: BalanceRow[];
  errors: ImportError[];
}> {
  const { rows: records, error } = await csvRowsInSlices(content);
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
  for (const [index, { line, cells }] of data.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
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
      const amountKopecks = kopecksOf(amount);
      const key = rowKey(steamId, amountKopecks, note || null);
      rows.push({ line, steamId, amountKopecks, note: note || null, key });
    }
  }
  return { count: data.length, rows, errors };
}
