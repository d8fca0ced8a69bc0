import { createHash } from 'node:crypto';
import type { ImportError } from '@shop/shared';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';

/** A file's text as the shop compares it: no byte-order mark, Unix line ends, no trailing blanks. */
export function normalizedText(content: string): string {
  return content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trimEnd();
}

/** The hash a file is known by: the same file, saved again by another editor, hashes the same. */
export const fileHash = (content: string) =>
  createHash('sha256').update(normalizedText(content)).digest('hex');

export interface CsvRow {
  /** The line of the file the row starts on (1-based, the header included). */
  line: number;
  cells: string[];
}

/**
 * The rows of a CSV file, each with its line. The separator is `;` when the first line has one (a
 * spreadsheet in a Russian locale writes that, with decimal commas), else `,`. A file that cannot
 * be read as CSV at all (an unclosed quote) is one error at the line where reading stopped.
 */
export function csvRows(content: string): { rows: CsvRow[]; error: ImportError | null } {
  const text = normalizedText(content);
  const firstLine = text.split('\n', 1)[0] ?? '';
  try {
    // The line each record ends on (a quoted cell may span lines, so its start is counted back).
    const ends: number[] = [];
    const records = parse(text, {
      delimiter: firstLine.includes(';') ? ';' : ',',
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record: string[], context) => {
        ends.push(context.lines);
        return record;
      },
    });
    const rows = records.map((cells, index) => ({
      line: (ends[index] ?? 1) - (cells.join('').match(/\n/g)?.length ?? 0),
      cells,
    }));
    return { rows, error: null };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], error: { line, message: 'Не удалось прочитать CSV: проверьте кавычки' } };
  }
}

/** About this much text is parsed between two turns of the event loop. */
const SLICE_CHARS = 16 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `csvRows` for a large file: the same rows and errors, read a slice at a time (cut at line ends),
 * handing the event loop back between slices, so a 100 000-row file does not stop the shop
 * answering while it is read.
 */
export async function csvRowsInSlices(
  content: string,
): Promise<{ rows: CsvRow[]; error: ImportError | null }> {
  const text = normalizedText(content);
  const firstLine = text.split('\n', 1)[0] ?? '';
  const rows: CsvRow[] = [];
  // The line each record ends on (a quoted cell may span lines, so its start is counted back).
  const ends: number[] = [];
  const parser = parseStream({
    delimiter: firstLine.includes(';') ? ';' : ',',
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    on_record: (record: string[], context) => {
      ends.push(context.lines);
      return record;
    },
  });
  let failed: { lines?: number } | null = null;
  parser.on('data', (cells: string[]) =>
    rows.push({
      line: (ends[rows.length] ?? 1) - (cells.join('').match(/\n/g)?.length ?? 0),
      cells,
    }),
  );
  parser.on('error', (error: { lines?: number }) => (failed = error));
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  for (let start = 0; start < text.length && !failed;) {
    const cut = text.indexOf('\n', start + SLICE_CHARS);
    const end = cut === -1 ? text.length : cut + 1;
    parser.write(text.slice(start, end));
    start = end;
    await nextTurn();
  }
  if (!failed) parser.end();
  await ended;
  if (failed) {
    const line = (failed as { lines?: number }).lines ?? 1;
    return { rows: [], error: { line, message: 'Не удалось прочитать CSV: проверьте кавычки' } };
  }
  return { rows, error: null };
}
