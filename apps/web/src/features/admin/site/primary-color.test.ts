import { describe, expect, it } from 'vitest';
import { colorVerdict, normalizeHex } from './primary-color';

describe('the primary colour check', () => {
  it('passes the shipped red with white button labels', () => {
    expect(colorVerdict('#ce422b')).toEqual({
      ok: true,
      ratio: expect.stringMatching(/^\d+\.\d$/),
      text: '#ffffff',
      textName: 'белый',
    });
  });

  it('puts black labels on a light colour', () => {
    expect(colorVerdict('#f5d27e')).toMatchObject({
      ok: true,
      text: '#000000',
      textName: 'чёрный',
    });
  });

  it('refuses a colour the dark page would swallow, saying why', () => {
    const verdict = colorVerdict('#202020');
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problem).toMatch(/слишком тёмный/);
  });

  it('refuses what is not #RRGGBB', () => {
    expect(colorVerdict('#12')).toMatchObject({ ok: false });
  });

  it('reads what was typed without the hash or in capitals', () => {
    expect(normalizeHex(' CE422B ')).toBe('#ce422b');
    expect(normalizeHex('#AbCdEf')).toBe('#abcdef');
  });
});
