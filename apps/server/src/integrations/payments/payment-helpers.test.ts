import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { decimalToKopecks, kopecksToDecimal } from './decimal-amount';
import { createAllowList, isAllowEntry } from './ip-allowlist';
import { createProviderRegistry } from './provider-registry';

describe('rouble amounts as the providers write them', () => {
  it('writes kopecks with two decimals and reads only plain decimal text', () => {
    expect(kopecksToDecimal(1)).toBe('0.01');
    expect(kopecksToDecimal(123_450)).toBe('1234.50');
    expect(() => kopecksToDecimal(0)).toThrow(RangeError);
    expect(() => kopecksToDecimal(1.5)).toThrow(RangeError);
    expect(decimalToKopecks('100')).toBe(10_000);
    expect(decimalToKopecks('100.5')).toBe(10_050);
    expect(decimalToKopecks('100.05000000')).toBe(10_005);
    for (const bad of ['', '-1', '1e3', '1.005', ' 1', '0', '0.00', 1, null]) {
      expect(decimalToKopecks(bad)).toBeNull();
    }
  });
});

describe('allow-lists of addresses and CIDR ranges', () => {
  it('matches IPv4, IPv6 and IPv4-mapped peers, and an empty list lets any through', () => {
    expect(['1.2.3.4', '10.0.0.0/8', '::1', '2a02:5180::/32'].every(isAllowEntry)).toBe(true);
    expect(['1.2.3.4/33', 'host', '1.2.3.4/8/1', '::/129', ''].some(isAllowEntry)).toBe(false);
    const allowed = createAllowList(['10.0.0.0/8', '::1']);
    expect(allowed('10.200.1.1')).toBe(true);
    expect(allowed('::ffff:10.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('11.0.0.1')).toBe(false);
    expect(createAllowList([])('203.0.113.7')).toBe(true);
  });
});

describe('the provider registry', () => {
  it('holds FreeKassa always and the others when set; only the demo stand-ins count as local', () => {
    const demo = createProviderRegistry(loadConfig({ DEMO: '1' }));
    expect(demo.all().map((provider) => provider.id)).toEqual([
      'freekassa',
      'yookassa',
      'cryptopay',
    ]);
    expect(
      ['freekassa', 'yookassa', 'cryptopay'].every((id) => demo.isLocal(id as 'yookassa')),
    ).toBe(true);
    const real = createProviderRegistry(
      loadConfig({ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'live_secret_key' }),
    );
    expect(real.all().map((provider) => provider.id)).toEqual(['freekassa', 'yookassa']);
    expect(real.isLocal('yookassa')).toBe(false);
    expect(
      real
        .yookassa()
        ?.methods()
        .map((method) => method.id),
    ).toEqual(['bank_card', 'sbp', 'sberbank', 'tinkoff_bank', 'yoo_money']);
  });
});
