import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { quoteIdent } from './backup-format';
import { RowsToPages } from './copy-row-text';
import type { TableShape } from './database-shape';
import { pageFrame, PAGE_ROWS, type LineWriter } from './table-pages';

/**
 * PostgreSQL's COPY text of every table, kept in a file of the backup folder while the snapshot is
 * open, and turned into backup lines only after it is released. An open snapshot keeps PostgreSQL
 * from cleaning up the row versions every purchase leaves (the buyer's balance, above all): held
 * 12 s beside the purchase benchmark, an idle one cost purchases 7 %, and a backup at low priority
 * on a busy machine takes that long. Reading COPY's bytes into a file is the cheapest thing this
 * process can do with them, so the snapshot lasts about as long as PostgreSQL takes to write them.
 * The file needs the room of the tables' text (about the backup's size before compression) and is
 * removed when the backup is written or fails.
 */
export class CopySpill {
  private readonly file: string;
  private readonly out: WriteStream;
  private written = 0;
  private readonly ranges = new Map<string, { start: number; end: number }>();

  constructor(dir: string) {
    this.file = path.join(dir, `.shop-backup-${process.pid}-${Date.now()}.copy`);
    this.out = createWriteStream(this.file, { mode: 0o600, highWaterMark: 1 << 20 });
    // A failed write (a full disk, a folder gone) surfaces at the next write or at the end, as the
    // stream's `errored`; the event itself is not the only word of it.
    this.out.on('error', () => undefined);
  }

  /** Every column of the row, generated ones too, so that each element is the row's whole text. */
  async copyIn(client: pg.Client, shape: TableShape): Promise<void> {
    const fields = shape.rowColumns.map(quoteIdent).join(', ');
    const stream = client.query(
      copyTo(`COPY (SELECT ${fields} FROM ${quoteIdent(shape.name)}) TO STDOUT`),
    );
    const start = this.written;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      this.written += chunk.length;
      if (!this.out.write(chunk)) await this.room();
    }
    this.ranges.set(shape.name, { start, end: this.written });
  }

  /**
   * Waits until the file takes more, or fails. A stream that has already failed takes nothing and
   * says so no more: its error is thrown here, or the wait would never end.
   */
  private room(): Promise<void> {
    if (this.out.errored) return Promise.reject(this.out.errored);
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        this.out.off('drain', settle);
        this.out.off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      this.out.once('drain', settle);
      this.out.once('error', settle);
    });
  }

  /** Every table is in: the file is complete on disk. */
  async finish(): Promise<void> {
    this.out.end();
    // Settles even for a stream that closed or failed before this call.
    await finished(this.out);
  }

  /** One table's rows as backup lines, a page each; returns the rows. */
  async pages(shape: TableShape, write: LineWriter): Promise<number> {
    const range = this.ranges.get(shape.name);
    if (!range) throw new Error(`${shape.name} was not read from the snapshot`);
    const { start, end } = pageFrame(shape);
    const pages = new RowsToPages(Buffer.from(start), Buffer.from(end), PAGE_ROWS);
    if (range.end > range.start) {
      const input = createReadStream(this.file, {
        start: range.start,
        end: range.end - 1,
        highWaterMark: 1 << 18,
      });
      for await (const chunk of input as AsyncIterable<Buffer>) {
        for (const page of pages.push(chunk)) await write(page);
      }
    }
    const last = pages.end();
    if (last) await write(last);
    return pages.total;
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.file, { force: true });
  }
}
