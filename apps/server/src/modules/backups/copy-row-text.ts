/**
 * Rows as PostgreSQL's COPY writes a table's columns in its text format (`COPY (SELECT a, b, …
 * FROM t) TO STDOUT`: fields split by tabs, one row a line, `\N` for null, `\\`, `\n`, `\r`, `\t`,
 * `\b`, `\f` and `\v` escaped) turned into the elements of a backup line's array literal, exactly as
 * `ELEMENT` in table-pages.ts writes them from the row's text. PostgreSQL's own text of a row
 * (`record_out`) doubles what its COPY costs the server, so this process writes it instead, by the
 * same rule: a field is quoted when it is empty or holds `"`, `\`, `(`, `)`, `,` or white space, and
 * inside quotes `"` and `\` are doubled. That text is then quoted for the array (`\` and `"`) and for
 * the E'' string (`\` again, `'`, line breaks as `\n` and `\r`). Works on bytes, across chunk ends,
 * in one pass: a field is written unquoted until something in it asks for quotes.
 */

const TAB = 0x09;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;

/** What a byte of a field is, for the pass over it. */
const PLAIN = 0;
/** White space, `(`, `)` or `,`: the field needs quotes; the byte is written as it is. */
const NEEDS_QUOTES = 1;
const QUOTE = 2;
const ESCAPE = 3;
const APOSTROPHE = 4;
const FIELD_END = 5;
const ROW_END = 6;

const KIND = new Uint8Array(256);
for (const byte of [0x20, 0x28, 0x29, 0x2c]) KIND[byte] = NEEDS_QUOTES;
KIND[0x22] = QUOTE;
KIND[BACKSLASH] = ESCAPE;
KIND[0x27] = APOSTROPHE;
KIND[TAB] = FIELD_END;
KIND[NEWLINE] = ROW_END;

/**
 * A field's quote in the written text, `\\"`: `"` quoted for the array (`\"`), then for the
 * string. A `"` of a value is doubled inside the field's quotes, and each written the same way.
 */
const FIELD_QUOTE_LENGTH = 3;
function putFieldQuote(out: Buffer, at: number): number {
  out[at] = BACKSLASH;
  out[at + 1] = BACKSLASH;
  out[at + 2] = 0x22;
  return at + FIELD_QUOTE_LENGTH;
}
/** A `\` of a value: doubled for the field, for the array and for the string. */
const VALUE_BACKSLASH = Buffer.from('\\'.repeat(8));
/** The widest a byte of COPY's text gets (`\\` becomes eight, a tab ending an empty field seven). */
const MOST_PER_BYTE = 8;

/**
 * What the byte after a backslash in COPY's text stands for: what to write for it, and whether
 * the field then needs quotes (white space and `\` do).
 */
const AFTER_BACKSLASH = new Map<number, { bytes: Buffer; quotes: boolean }>([
  [BACKSLASH, { bytes: VALUE_BACKSLASH, quotes: true }],
  [0x6e, { bytes: Buffer.from('\\n'), quotes: true }],
  [0x72, { bytes: Buffer.from('\\r'), quotes: true }],
  [0x74, { bytes: Buffer.from([TAB]), quotes: true }],
  [0x62, { bytes: Buffer.from([0x08]), quotes: false }],
  [0x66, { bytes: Buffer.from([0x0c]), quotes: true }],
  [0x76, { bytes: Buffer.from([0x0b]), quotes: true }],
]);

/**
 * A table's COPY text in, backup lines out: each line its start, up to `pageRows` rows' elements
 * joined by commas, its end.
 */
export class RowsToPages {
  private body = Buffer.allocUnsafe(1 << 20);
  private length = 0;
  /** The start of a row cut by a chunk's end, kept until its line arrives. */
  private carried: Buffer | null = null;
  /** Rows in the page being built, and in all pages. */
  private rows = 0;
  total = 0;

  constructor(
    private readonly head: Buffer,
    private readonly tail: Buffer,
    private readonly pageRows: number,
  ) {}

  /** Takes the next bytes of COPY's text; returns the pages they completed. */
  push(chunk: Buffer): Buffer[] {
    let bytes = chunk;
    if (this.carried) {
      bytes = Buffer.concat([this.carried, chunk]);
      this.carried = null;
    }
    const end = bytes.lastIndexOf(NEWLINE) + 1;
    if (end < bytes.length) this.carried = Buffer.from(bytes.subarray(end));
    return end > 0 ? this.rowsOf(bytes, end) : [];
  }

  /** The last page, if it has rows; refuses a row COPY never finished. */
  end(): Buffer | null {
    if (this.carried) throw new Error("COPY's text ends inside a row");
    return this.rows > 0 ? this.flush() : null;
  }

  private room(bytes: number) {
    if (this.length + bytes <= this.body.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.body.length * 2, this.length + bytes));
    this.body.copy(grown, 0, 0, this.length);
    this.body = grown;
  }

  private flush(): Buffer {
    const line = Buffer.concat([this.head, this.body.subarray(0, this.length), this.tail]);
    this.length = 0;
    this.rows = 0;
    return line;
  }

  /** Whole rows, `bytes[0..end)`, each ending in a line break. */
  private rowsOf(bytes: Buffer, end: number): Buffer[] {
    const pages: Buffer[] = [];
    let at = 0;
    while (at < end) {
      // The rows left fit this page's room at the widest; a full page is cut between rows.
      this.room((end - at) * MOST_PER_BYTE + 8);
      at = this.row(bytes, at);
      this.rows += 1;
      this.total += 1;
      if (this.rows === this.pageRows) pages.push(this.flush());
    }
    return pages;
  }

  /** Writes the row starting at `at` as one element; returns where the next row starts. */
  private row(bytes: Buffer, at: number): number {
    const out = this.body;
    let o = this.length;
    if (this.rows > 0) out[o++] = 0x2c;
    out[o++] = 0x22;
    out[o++] = 0x28;
    let i = at;
    for (;;) {
      // One field: null, or written unquoted until it turns out to need quotes.
      const fieldStart = o;
      let quoted = false;
      const isNull = bytes[i] === BACKSLASH && bytes[i + 1] === 0x4e && KIND[bytes[i + 2]!]! >= 5;
      if (isNull) i += 2;
      else if (KIND[bytes[i]!]! >= FIELD_END) quoted = true; // empty, not null: ""
      let byte: number;
      for (;;) {
        byte = bytes[i++]!;
        const kind = KIND[byte]!;
        if (kind === PLAIN) {
          out[o++] = byte;
          continue;
        }
        if (kind >= FIELD_END) break;
        let needsQuotes = kind !== APOSTROPHE;
        if (kind === NEEDS_QUOTES) out[o++] = byte;
        else if (kind === APOSTROPHE) {
          out[o++] = 0x27;
          out[o++] = 0x27;
        } else if (kind === QUOTE) {
          // Written byte by byte: Buffer#copy costs more than these few stores, and JSON is full
          // of quotes.
          o = putFieldQuote(out, o);
          o = putFieldQuote(out, o);
        } else {
          const escaped = AFTER_BACKSLASH.get(bytes[i]!);
          if (!escaped) throw new Error(`Unexpected escape \\${bytes[i]} in COPY's text`);
          i += 1;
          for (const b of escaped.bytes) out[o++] = b;
          needsQuotes = escaped.quotes;
        }
        if (needsQuotes && !quoted) {
          // What was written of the field moves over for its opening quote.
          out.copyWithin(fieldStart + FIELD_QUOTE_LENGTH, fieldStart, o);
          putFieldQuote(out, fieldStart);
          o += FIELD_QUOTE_LENGTH;
          quoted = true;
        }
      }
      if (quoted) {
        if (o === fieldStart) o = putFieldQuote(out, o);
        o = putFieldQuote(out, o);
      }
      if (byte === TAB) {
        out[o++] = 0x2c;
        continue;
      }
      out[o++] = 0x29;
      out[o++] = 0x22;
      this.length = o;
      return i;
    }
  }
}
