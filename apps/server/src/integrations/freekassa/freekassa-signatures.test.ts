import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apiSignature,
  formatAmount,
  notificationSign,
  parseAmount,
  paymentLinkSign,
  safeEqualHex,
} from './freekassa-signatures';

/*
 * Expected digests were computed outside this code, with the openssl command line, e.g.
 *   printf '%s' '12345:1234.5:s3cr3t-one:RUB:ord-42' | openssl md5
 *   printf '%s' '500|RUB|player@example.com|44|203.0.113.7|1700000000000|ord-42|12345' \
 *     | openssl dgst -sha256 -hmac 'api-key-xyz'
 * The notification vector c0905625… is also published in the freekassa-node package's README.
 */
describe('signature vectors', () => {
  it('signs the payment link as md5(SHOP:AMOUNT:SECRET1:CURRENCY:ORDER)', () => {
    expect(
      paymentLinkSign({
        shopId: '12345',
        amount: '1234.5',
        secret1: 's3cr3t-one',
        currency: 'RUB',
        orderId: 'ord-42',
      }),
    ).toBe('a2b31f7cd2730f3dcc82bb3210b4ce07');
  });

  it('signs a notification as md5(MERCHANT_ID:AMOUNT:SECRET2:MERCHANT_ORDER_ID)', () => {
    expect(
      notificationSign({
        merchantId: '12345',
        amount: '500',
        secret2: 's3cr3t-two',
        orderId: 'ord-42',
      }),
    ).toBe('f176ed63a4b301012f0eb7fbe7e8828c');
    expect(
      notificationSign({
        merchantId: '14963',
        amount: '99',
        secret2: 'secret_word_2',
        orderId: 'ID_234',
      }),
    ).toBe('c0905625cf96d7730487a4dda69c6a09');
  });

  it('signs API bodies with HMAC-SHA256 over values sorted by key, joined by "|"', () => {
    const body = {
      shopId: 12345,
      nonce: 1700000000000,
      paymentId: 'ord-42',
      i: 44,
      email: 'player@example.com',
      ip: '203.0.113.7',
      amount: 500,
      currency: 'RUB',
    };
    const expected = 'f7a654b64f3233f29e1021a76c08059c4081da7bd5a0d29e67fc47ebd50b1171';
    expect(apiSignature('api-key-xyz', body)).toBe(expected);
    // A signature already in the body is not part of what is signed.
    expect(apiSignature('api-key-xyz', { ...body, signature: 'old' })).toBe(expected);
  });
});

describe('amounts', () => {
  it('writes roubles the way FreeKassa does', () => {
    expect(formatAmount(50_000)).toBe('500');
    expect(formatAmount(50_050)).toBe('500.5');
    expect(formatAmount(12_345)).toBe('123.45');
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(10)).toBe('0.1');
    expect(formatAmount(1_500_000)).toBe('15000');
    for (const bad of [0, -100, 1.5, Number.NaN, Infinity]) {
      expect(() => formatAmount(bad)).toThrow(RangeError);
    }
  });

  it('formats so that a JSON number and the string agree, and parses back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (kopecks) => {
        const text = formatAmount(kopecks);
        expect(parseAmount(text)).toBe(kopecks);
        expect(JSON.stringify(Number(text))).toBe(text);
      }),
    );
  });

  it('parses what FreeKassa may send back, and nothing else', () => {
    expect(parseAmount('500')).toBe(50_000);
    expect(parseAmount('500.00')).toBe(50_000);
    expect(parseAmount('500.5')).toBe(50_050);
    expect(parseAmount('0.07')).toBe(7);
    for (const bad of [
      '',
      '0',
      '0.00',
      '-5',
      '+5',
      '5.',
      '.5',
      '1e3',
      '5,00',
      ' 5',
      '5.001',
      'NaN',
    ]) {
      expect(parseAmount(bad)).toBeNull();
    }
  });
});

describe('safeEqualHex', () => {
  it('compares hex digests, ignoring case', () => {
    expect(safeEqualHex('abcdef01', 'abcdef01')).toBe(true);
    expect(safeEqualHex('ABCDEF01', 'abcdef01')).toBe(true);
    expect(safeEqualHex('abcdef02', 'abcdef01')).toBe(false);
    expect(safeEqualHex('abcdef', 'abcdef01')).toBe(false);
    expect(safeEqualHex('', '')).toBe(false);
    expect(safeEqualHex('zz', 'zz')).toBe(false);
    expect(safeEqualHex('abc', 'abc')).toBe(false);
  });
});
