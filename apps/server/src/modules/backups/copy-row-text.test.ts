import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageOfElements } from './copy-row-text';
import { ELEMENT } from './table-pages';

/**
 * PostgreSQL's COPY bytes for a row must become the very element the escaping expression writes
 * from the row's text: a backup taken from PostgreSQL and one taken from the embedded database
 * restore the same values. Both come from a real PostgreSQL (PGlite) here.
 */
const TRICKY = [
  'plain',
  'two words',
  'back\\slash and \\\\ two',
  'quote " and \\"',
  "apostrophe ' and ''",
  'line\nbreak and\r\nwindows',
  'tab\there',
  'bell \u0008 feed \u000c vertical \u000b',
  'comma, (parens) {braces}',
  'Кириллица и эмодзи 🎁',
  '',
  'ends with backslash \\',
];

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec(`create table tricky (id int, label text, tags text[], data jsonb, at timestamptz,
    price numeric, flag boolean)`);
  for (const [index, label] of TRICKY.entries()) {
    await db.query('insert into tricky values ($1, $2, $3, $4, now(), 12.5, $5)', [
      index,
      label,
      [label, null, 'x'],
      JSON.stringify({ label, nested: { quote: '"', slash: '\\' } }),
      index % 2 === 0,
    ]);
  }
  await db.query('insert into tricky (id) values (99)');
});
afterAll(() => db.close());

async function copyBytes(): Promise<Buffer> {
  const result = await db.query("COPY (SELECT r FROM tricky r ORDER BY id) TO '/dev/blob'");
  return Buffer.from(await result.blob!.arrayBuffer());
}

async function expectedElements(): Promise<string> {
  const { rows } = await db.query<{ e: string }>(
    `select ${ELEMENT} as e from tricky r order by id`,
  );
  return rows.map((row) => row.e).join(',');
}

function translate(bytes: Buffer, chunkSize: number): string[] {
  const page = new PageOfElements(Buffer.from('['), Buffer.from(']'));
  const pages: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    const chunk = bytes.subarray(offset, offset + chunkSize);
    for (let from = 0; from < chunk.length;) {
      from = page.take(chunk, from);
      if (page.rows === 5) pages.push(page.flush().toString());
    }
  }
  if (page.rows > 0) pages.push(page.flush().toString());
  return pages;
}

describe("COPY's text turned into backup elements", () => {
  it('writes every row exactly as the escaping expression does, however the bytes are chunked', async () => {
    const bytes = await copyBytes();
    const expected = await expectedElements();
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const pages = translate(bytes, size);
      expect(pages).toHaveLength(3);
      expect(pages.map((page) => page.slice(1, -1)).join(','), `chunks of ${size}`).toBe(expected);
    }
  });

  it('counts the rows of every page and of the whole table', () => {
    const page = new PageOfElements(Buffer.from(''), Buffer.from(''));
    page.take(Buffer.from('(1)\n(2)\n'), 0);
    expect([page.rows, page.total]).toEqual([1, 1]);
    page.take(Buffer.from('(1)\n(2)\n'), 4);
    expect(page.flush().toString()).toBe('"(1)","(2)"');
    expect([page.rows, page.total]).toEqual([0, 2]);
  });

  it('refuses an escape COPY never writes instead of guessing', () => {
    const page = new PageOfElements(Buffer.from(''), Buffer.from(''));
    expect(() => page.take(Buffer.from('(\\x)\n'), 0)).toThrow(/Unexpected escape/);
  });
});
