/**
 * Rows as PostgreSQL's COPY writes them in its text format (`COPY (SELECT r FROM t r) TO STDOUT`:
 * one row's text a line, with `\\`, `\n`, `\r`, `\t`, `\b`, `\f` and `\v` escaped) turned into the
 * elements of a backup line's array literal, exactly as `ELEMENT` in table-pages.ts writes them from
 * the row's text: quoted for the array (`\` and `"`), then for the E'' string (`\` again, `'`, line
 * breaks as `\n` and `\r`, other control bytes as they are). Works on bytes, across chunk ends.
 */

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const NEWLINE = 0x0a;

/** What the byte after a backslash in COPY's text stands for, written as the backup line needs. */
const AFTER_BACKSLASH = new Map<number, Buffer>([
  // A backslash of the row: `\\` in the array element, each doubled again in the string.
  [BACKSLASH, Buffer.from('\\\\\\\\')],
  [0x6e, Buffer.from('\\n')],
  [0x72, Buffer.from('\\r')],
  [0x74, Buffer.from([0x09])],
  [0x62, Buffer.from([0x08])],
  [0x66, Buffer.from([0x0c])],
  [0x76, Buffer.from([0x0b])],
]);
const ESCAPED_QUOTE = Buffer.from('\\\\"');
const DOUBLED_APOSTROPHE = Buffer.from("''");

/** Bytes that are not copied as they are. */
const SPECIAL = new Uint8Array(256);
for (const byte of [BACKSLASH, QUOTE, APOSTROPHE, NEWLINE]) SPECIAL[byte] = 1;

/** One page of a backup line being built: its start, the rows' elements joined by commas, its end. */
export class PageOfElements {
  private body = Buffer.allocUnsafe(1 << 20);
  private length = 0;
  private inRow = false;
  private afterBackslash = false;
  /** Rows in the page so far, and in all pages. */
  rows = 0;
  total = 0;

  constructor(
    private readonly head: Buffer,
    private readonly tail: Buffer,
  ) {}

  private room(bytes: number) {
    if (this.length + bytes <= this.body.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.body.length * 2, this.length + bytes));
    this.body.copy(grown, 0, 0, this.length);
    this.body = grown;
  }

  private put(bytes: Uint8Array) {
    this.room(bytes.length);
    this.body.set(bytes, this.length);
    this.length += bytes.length;
  }

  private putByte(byte: number) {
    this.room(1);
    this.body[this.length++] = byte;
  }

  /**
   * Takes bytes of `chunk` from `from` up to the end of the next row or of the chunk; returns where
   * it stopped, so that the caller can write a full page between rows.
   */
  take(chunk: Buffer, from: number): number {
    let at = from;
    if (!this.inRow) {
      if (this.rows > 0) this.putByte(0x2c);
      this.putByte(QUOTE);
      this.inRow = true;
    }
    while (at < chunk.length) {
      if (this.afterBackslash) {
        const written = AFTER_BACKSLASH.get(chunk[at]!);
        if (!written) throw new Error(`Unexpected escape \\${chunk[at]} in COPY's text`);
        this.put(written);
        this.afterBackslash = false;
        at += 1;
        continue;
      }
      let plain = at;
      while (plain < chunk.length && SPECIAL[chunk[plain]!] === 0) plain += 1;
      if (plain > at) this.put(chunk.subarray(at, plain));
      if (plain === chunk.length) return plain;
      const byte = chunk[plain]!;
      at = plain + 1;
      if (byte === NEWLINE) {
        this.putByte(QUOTE);
        this.inRow = false;
        this.rows += 1;
        this.total += 1;
        return at;
      }
      if (byte === BACKSLASH) this.afterBackslash = true;
      else this.put(byte === QUOTE ? ESCAPED_QUOTE : DOUBLED_APOSTROPHE);
    }
    return at;
  }

  /** The page as one backup line, and a fresh page begun. */
  flush(): Buffer {
    const line = Buffer.concat([this.head, this.body.subarray(0, this.length), this.tail]);
    this.length = 0;
    this.rows = 0;
    return line;
  }
}
