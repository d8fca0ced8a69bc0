import { describe, expect, it } from 'vitest';
import { findInputProblem, isSafeText, MAX_INPUT_DEPTH } from './text-rules';

describe('the text rule', () => {
  it('accepts ordinary Russian and English text, emoji included', () => {
    expect(isSafeText('Промокод WIPE-2026 😀 for «Bandit»')).toBe(true);
  });

  it('refuses NUL, other control characters and broken surrogates', () => {
    for (const text of [
      'AB\u0000CD',
      'a\u0007b',
      'del\u007f',
      'c1\u0085',
      'lone\ud800',
      '\udc00x',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      expect(isSafeText(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
  });

  it('allows line breaks and tabs only in multi-line text', () => {
    expect(isSafeText('line\nline\ttab\r\n')).toBe(false);
    expect(isSafeText('line\nline\ttab\r\n', { multiline: true })).toBe(true);
  });

  it('finds bad text anywhere in a request, keys included, and stops absurd nesting', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }], n: 2 ** 60 })).toBeNull();
    expect(findInputProblem({ a: [{ b: 'x\u0000' }] })).toBe('unsafe-text');
    expect(findInputProblem({ ['k\u0000']: 1 })).toBe('unsafe-text');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)).toBe('too-deep');
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = [fine];
    expect(findInputProblem(fine)).toBeNull();
  });

  it("leaves an uploaded file's bytes alone instead of walking them one by one", () => {
    // Marked so that a walk over the bytes' own properties would find it: a skipped file never does.
    const upload = Object.assign(new Uint8Array(5 * 1024 * 1024), { marker: 'x\u0000' });
    expect(findInputProblem(upload)).toBeNull();
    expect(findInputProblem({ marker: 'x\u0000' })).toBe('unsafe-text');
  });
});
