import { describe, expect, it } from 'vitest';
import { csvLine, type Column } from './csv-text';

const columns: Column[] = [
  { name: 'steam_id', kind: 'text', means: '' },
  { name: 'name', kind: 'free-text', means: '' },
  { name: 'balance', kind: 'money', means: '' },
];

/**
 * The cells a spreadsheet sees in one line: Excel in a Russian locale opens a `.csv` split at `;`
 * whatever its commas; any other at `,` (RFC 4180 quoting). A cell is trimmed of the blanks and the
 * quote it starts with, as such a reader takes them off before it looks for a formula.
 */
function cellStarts(line: string): string[] {
  const bySemicolon = line.replace(/\r\n$/, '').split(';');
  const byComma = line.replace(/\r\n$/, '').match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g) ?? [];
  return [...bySemicolon, ...byComma].map((cell) => cell.replace(/^[ "]+/, ''));
}

describe('an exported cell', () => {
  it('never starts a formula in a `,` or a `;` spreadsheet', () => {
    const names = [
      '=1+1',
      '+7 999',
      '-2',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      'Вася;=HYPERLINK("http://evil.example","Открыть")',
      'a; =1',
      'a;"=1',
      'a;;@x;-y',
    ];
    for (const name of names) {
      const line = csvLine(['76561198000000001', name, 150], columns);
      for (const start of cellStarts(line)) expect(start, line).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('keeps plain text, and negative money, as they are', () => {
    expect(csvLine(['76561198000000001', 'Вася; Петя', -1234], columns)).toBe(
      '76561198000000001,Вася; Петя,-12.34\r\n',
    );
    expect(csvLine(['76561198000000001', 'Вася;=1', 5], columns)).toBe(
      "76561198000000001,Вася;'=1,0.05\r\n",
    );
  });
});
