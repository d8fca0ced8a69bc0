import { describe, expect, it } from 'vitest';
import { parseCommandLine, splitQuoted } from './command-line';

describe('console argument split', () => {
  it('keeps a quoted argument with spaces together, without its quotes', () => {
    expect(parseCommandLine('inventory.giveto 76561198000000002 "2module car" 1')).toEqual({
      name: 'inventory.giveto',
      args: ['76561198000000002', '2module car', '1'],
      rest: '76561198000000002 "2module car" 1',
    });
  });

  it('splits on whitespace outside quotes and drops quotes inside an argument', () => {
    expect(splitQuoted('  a   b\tc ')).toEqual(['a', 'b', 'c']);
    expect(splitQuoted('a"b c"d e')).toEqual(['ab cd', 'e']);
    expect(splitQuoted('"" x')).toEqual(['', 'x']);
    // An unclosed quote runs to the end of the line.
    expect(splitQuoted('say "hello world')).toEqual(['say', 'hello world']);
  });

  it('reads an unquoted shortname with a space as two arguments', () => {
    expect(splitQuoted('76561198000000002 rifle.ak 1000 1')).toEqual([
      '76561198000000002',
      'rifle.ak',
      '1000',
      '1',
    ]);
  });
});
