import { parseCommandLine } from '@shop/rust-sim';
import { describe, expect, it } from 'vitest';
import { quoteConsoleArg } from './console-quote';

describe('quoteConsoleArg', () => {
  it('makes any text exactly one argument of a console command', () => {
    for (const text of [
      'plain',
      'two words',
      'quote " inside',
      '"" only quotes ""',
      'line\nbreak; kick 76561198000000001',
      'back\\slash \\"',
      '   ',
      'tabs\tand\r\nreturns',
    ]) {
      const line = `rustshop.notify 76561198000000001 ${quoteConsoleArg(text)}`;
      const parsed = parseCommandLine(line);
      expect(parsed.args, text).toHaveLength(2);
      // No line break, and no `;` a console host could end the command at.
      expect(line).not.toMatch(/[\n\r\t;]/);
    }
  });

  it('defuses chat tags and keeps the text readable and bounded', () => {
    expect(quoteConsoleArg('<color=red>Kolya</color> "Tank"')).toBe(
      `"‹color=red›Kolya‹/color› 'Tank'"`,
    );
    expect(quoteConsoleArg('x'.repeat(500))).toHaveLength(202);
  });
});
