import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowsToPages } from './copy-row-text';
import { ELEMENT } from './table-pages';

/**
 * PostgreSQL's COPY bytes for a row's columns must become the very element the escaping expression
 * writes from PostgreSQL's own text of the row: a backup taken from PostgreSQL and one taken from the embedded database
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
  // A generated column and a dropped one: the row's text has the first and not the second.
  await db.exec(`create table tricky (id int, gone text, label text, tags text[], data jsonb,
    at timestamptz, price numeric, flag boolean, pair int[], shout text
    generated always as (upper(label)) stored)`);
  await db.exec('alter table tricky drop column gone');
  for (const [index, label] of TRICKY.entries()) {
    await db.query(
      'insert into tricky (id, label, tags, data, at, price, flag, pair) values ($1, $2, $3, $4, now(), 12.5, $5, $6)',
      [
        index,
        label,
        [label, null, 'x', ''],
        JSON.stringify({ label, nested: { quote: '"', slash: '\\' } }),
        index % 2 === 0,
        [index, null],
      ],
    );
  }
  await db.query('insert into tricky (id) values (99)');
});
afterAll(() => db.close());

/** COPY's text of every column of the row, as the backup asks PostgreSQL for it. */
async function copyBytes(): Promise<Buffer> {
  const result = await db.query(
    "COPY (SELECT id, label, tags, data, at, price, flag, pair, shout FROM tricky ORDER BY id) TO '/dev/blob'",
  );
  return Buffer.from(await result.blob!.arrayBuffer());
}

async function expectedElements(): Promise<string> {
  const { rows } = await db.query<{ e: string }>(
    `select ${ELEMENT} as e from tricky r order by id`,
  );
  return rows.map((row) => row.e).join(',');
}

function translate(bytes: Buffer, chunkSize: number, pageRows = 5): string[] {
  const pages = new RowsToPages(Buffer.from('['), Buffer.from(']'), pageRows);
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    const chunk = bytes.subarray(offset, offset + chunkSize);
    for (const page of pages.push(chunk)) lines.push(page.toString());
  }
  const last = pages.end();
  if (last) lines.push(last.toString());
  return lines;
}

describe("COPY's text turned into backup elements", () => {
  it("writes every row exactly as the escaping expression writes PostgreSQL's own text of it, however the bytes are chunked", async () => {
    const bytes = await copyBytes();
    const expected = await expectedElements();
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const pages = translate(bytes, size);
      expect(pages).toHaveLength(3);
      expect(pages.map((page) => page.slice(1, -1)).join(','), `chunks of ${size}`).toBe(expected);
    }
  });

  it('loads back into the very rows it was made from', async () => {
    const [page] = translate(await copyBytes(), 64, 1000);
    await db.exec('create table tricky_back (like tricky)');
    await db.exec(
      `insert into tricky_back select * from unnest(E'{${page!.slice(1, -1)}}'::tricky[])`,
    );
    const differ = await db.query<{ n: number }>(
      `select count(*)::int as n from (
        (select * from tricky except all select * from tricky_back)
        union all (select * from tricky_back except all select * from tricky)) d`,
    );
    expect(differ.rows[0]!.n).toBe(0);
    const count = await db.query<{ n: number }>('select count(*)::int as n from tricky_back');
    expect(count.rows[0]!.n).toBe(TRICKY.length + 1);
  });

  it('counts the rows of the whole table and cuts pages between rows', () => {
    const pages = new RowsToPages(Buffer.from(''), Buffer.from(''), 2);
    expect(pages.push(Buffer.from('1\tthe\n'))).toEqual([]);
    const [first] = pages.push(Buffer.from('2\t\\N\n3\t\n'));
    expect(first!.toString()).toBe('"(1,the)","(2,)"');
    expect(pages.end()!.toString()).toBe('"(3,\\\\"\\\\")"');
    expect(pages.total).toBe(3);
  });

  it('refuses an escape COPY never writes, or text that ends inside a row, instead of guessing', () => {
    expect(() =>
      new RowsToPages(Buffer.from(''), Buffer.from(''), 5).push(Buffer.from('a\\x\n')),
    ).toThrow(/Unexpected escape/);
    const cut = new RowsToPages(Buffer.from(''), Buffer.from(''), 5);
    cut.push(Buffer.from('1\tcut off'));
    expect(() => cut.end()).toThrow(/inside a row/);
  });
});
