import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';
import { csvLine } from './csv-text';
import { exportFiles } from './export-files';
import { siteExportFiles } from './export-site';

const PAGE_ROWS = 1_000;
/** Excel reads a UTF-8 CSV as UTF-8 (Cyrillic names intact) only after this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The owner's export as a zip of CSV files, produced while it is read: one page of rows at a time
 * (each a short query, so an embedded shop goes on selling between pages, and a slow download holds
 * nothing open), compressed and handed on as it goes.
 */
export async function* exportZip(db: Db, pageRows = PAGE_ROWS): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const encoder = new TextEncoder();
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  for (const file of exportFiles) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    const header = file.columns.map((column) => column.name);
    entry.push(encoder.encode(BYTE_ORDER_MARK + csvLine(header, [])), false);
    let after: string[] | null = null;
    for (;;) {
      const rows: Array<Record<string, unknown> & { k1: string; k2?: string }> = await queryRows(
        db,
        file.page(after, pageRows),
      );
      const text = rows
        .map((row) =>
          csvLine(
            file.columns.map((column) => row[column.name]),
            file.columns,
          ),
        )
        .join('');
      const last = rows.at(-1);
      const done = rows.length < pageRows;
      entry.push(encoder.encode(text), done);
      yield* drain();
      if (done || !last) break;
      after = [last.k1, ...(last.k2 === undefined ? [] : [last.k2])];
    }
  }
  for await (const file of siteExportFiles(db)) {
    // Pictures are WebP already: stored as they are; the settings' JSON is deflated.
    const entry = file.name.endsWith('.json')
      ? new ZipDeflate(file.name, { level: 6 })
      : new ZipPassThrough(file.name);
    zip.add(entry);
    entry.push(file.bytes, true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** The export's file names, for the journal and the README. */
export const exportFileNames = exportFiles.map((file) => file.name);
