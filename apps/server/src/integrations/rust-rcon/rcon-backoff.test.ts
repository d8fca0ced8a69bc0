import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, isRefusal, rconUrl, reconnectDelay, refusedDelay } from './rcon-backoff';

describe('reconnect backoff', () => {
  it('grows exponentially up to the cap', () => {
    const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelay(n, noJitter, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('jitter only shortens, within its share', () => {
    expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(4000);
    expect(reconnectDelay(3, DEFAULT_BACKOFF, () => 0.999)).toBeGreaterThanOrEqual(2800);
  });

  it('never retries a refused password sooner than the base, and doubles', () => {
    expect(refusedDelay(1, 60_000, () => 0)).toBe(60_000);
    expect(refusedDelay(2, 60_000, () => 0)).toBe(120_000);
    expect(refusedDelay(1, 60_000, () => 0.999)).toBeLessThan(66_001);
  });
});

describe('refusal detection', () => {
  it('treats an HTTP parse error (WebRcon close frame instead of 101) and 401/403 as refusal', () => {
    const parse = Object.assign(new Error('Parse Error: Expected HTTP/'), {
      code: 'HPE_INVALID_CONSTANT',
    });
    expect(isRefusal(parse)).toBe(true);
    expect(isRefusal(new Error('Unexpected server response: 401'))).toBe(true);
    expect(
      isRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(false);
    expect(isRefusal(new Error('Unexpected server response: 502'))).toBe(false);
    expect(isRefusal('nope')).toBe(false);
  });
});

describe('rconUrl', () => {
  it('puts the password in the path as is, escaping only what breaks a URL', () => {
    expect(rconUrl('1.2.3.4', 28016, 'Secret123')).toBe('ws://1.2.3.4:28016/Secret123');
    expect(rconUrl('1.2.3.4', 28016, 'a#b?c%')).toBe('ws://1.2.3.4:28016/a%23b%3Fc%25');
    expect(rconUrl('::1', 28016, 'x')).toBe('ws://[::1]:28016/x');
  });
});
