import { ZERO_STACKS_MESSAGE } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { PurchaseServer } from '@/lib/purchase-servers';
import { deliveryHint, purchaseCost, purchaseStart, serversForProduct } from './purchase';

const server = (id: number, overrides: Partial<PurchaseServer> = {}): PurchaseServer => ({
  id,
  name: `Server ${id}`,
  status: 'online',
  playersOnline: 1,
  maxPlayers: 100,
  isPluginEnabled: 0,
  ...overrides,
});

const classic = server(1);
const solo = server(2, { isPluginEnabled: 1 });
const hidden = server(3, { isPluginEnabled: 2 });
const down = server(4, { status: 'offline' });
const all = [down, hidden, classic, solo];

describe('serversForProduct', () => {
  it('keeps online, visible servers the product is sold for', () => {
    expect(serversForProduct({ server: 'all' }, all)).toEqual([classic, solo]);
    expect(serversForProduct({ server: '2' }, all)).toEqual([solo]);
    expect(serversForProduct({ server: '3' }, all)).toEqual([]);
    expect(serversForProduct({ server: '4' }, all)).toEqual([]);
  });
});

describe('purchaseStart', () => {
  it('reloads when no servers are loaded', () => {
    expect(purchaseStart({ server: 'all' }, undefined)).toEqual({ kind: 'reload' });
    expect(purchaseStart({ server: 'all' }, [])).toEqual({ kind: 'reload' });
  });

  it('refuses without a server to deliver to', () => {
    expect(purchaseStart({ server: 'all' }, [down, hidden])).toEqual({ kind: 'no-servers' });
    expect(purchaseStart({ server: '4' }, all)).toEqual({ kind: 'no-servers' });
  });

  it('opens with the first online server chosen', () => {
    expect(purchaseStart({ server: 'all' }, all)).toEqual({
      kind: 'open',
      servers: [classic, solo],
      serverId: 1,
    });
    expect(purchaseStart({ server: '2' }, all)).toMatchObject({ kind: 'open', serverId: 2 });
  });
});

describe('purchaseCost', () => {
  it('charges per stack, a partial stack as a whole one', () => {
    expect(purchaseCost(39, 256, 128)).toBe(78);
    expect(purchaseCost(39, 129, 128)).toBe(78);
    expect(purchaseCost(149, 1, 1)).toBe(149);
  });

  it('keeps kopecks exact', () => {
    expect(purchaseCost(0.1, 3, 1)).toBe(0.3);
    expect(purchaseCost(19.99, 30, 10)).toBe(59.97);
  });
});

describe('deliveryHint', () => {
  it('asks for at least one stack first', () => {
    expect(deliveryHint(classic, 0, 128)).toBe(ZERO_STACKS_MESSAGE);
    expect(deliveryHint(undefined, 0, 1)).toBe(ZERO_STACKS_MESSAGE);
  });

  it('tells plugin buyers to type /store and free space for the stacks', () => {
    const hint = deliveryHint(solo, 256, 128);
    expect(hint).toContain('/store');
    expect(hint).toContain('2 стака');
  });

  it('tells RCON buyers goods arrive by themselves, stack after stack', () => {
    expect(deliveryHint(classic, 256, 128)).toContain('автоматически');
    expect(deliveryHint(classic, 256, 128)).toContain('задержкой между стаками');
  });

  it('says nothing until a server is chosen', () => {
    expect(deliveryHint(undefined, 128, 128)).toBeNull();
  });
});
