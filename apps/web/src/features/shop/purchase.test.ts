import { ZERO_STACKS_MESSAGE } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { PurchaseServer } from '@/lib/purchase-servers';
import type { OfferedProduct } from '@/lib/product-offer';
import {
  deliveryHint,
  priceUnit,
  purchaseStart,
  purchaseSummaryFor,
  serversForProduct,
} from './purchase';

const server = (id: number, overrides: Partial<PurchaseServer> = {}): PurchaseServer => ({
  id,
  name: `Server ${id}`,
  status: 'online',
  playersOnline: 1,
  maxPlayers: 100,
  isPluginEnabled: 0,
  nextWipeAt: null,
  ...overrides,
});

const now = Date.parse('2026-11-26T12:00:00Z');
/** A product at one price everywhere, unless `serverOffers` says otherwise. */
const sold = (server: string, serverOffers: OfferedProduct['serverOffers'] = []) => ({
  server,
  price: 100,
  originalPrice: null,
  salePercent: null,
  saleEndsAt: null,
  availableAt: null,
  serverOffers,
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
    expect(purchaseStart(sold('all'), undefined)).toEqual({ kind: 'reload' });
    expect(purchaseStart(sold('all'), [])).toEqual({ kind: 'reload' });
  });

  it('refuses without a server to deliver to', () => {
    expect(purchaseStart(sold('all'), [down, hidden])).toEqual({ kind: 'no-servers' });
    expect(purchaseStart(sold('4'), all)).toEqual({ kind: 'no-servers' });
  });

  it('opens with the first online server chosen', () => {
    expect(purchaseStart(sold('all'), all)).toEqual({
      kind: 'open',
      servers: [classic, solo],
      serverId: 1,
    });
    expect(purchaseStart(sold('2'), all)).toMatchObject({ kind: 'open', serverId: 2 });
  });

  it('passes over a server that still holds the product back after its wipe', () => {
    const blockedOnClassic = {
      serverId: 1,
      price: 100,
      originalPrice: null,
      salePercent: null,
      saleEndsAt: null,
      availableAt: new Date(now + 3_600_000).toISOString(),
    };
    const product = sold('all', [blockedOnClassic]);
    expect(purchaseStart(product, all, now)).toMatchObject({ kind: 'open', serverId: 2 });
    // Blocked everywhere it can go: the dialog still opens and says until when.
    expect(purchaseStart(product, [classic], now)).toMatchObject({ kind: 'open', serverId: 1 });
  });
});

const items = { vipTier: null, vipDays: null, untilWipe: false };
const vip = { vipTier: 'Gold', vipDays: 30, untilWipe: false };

describe('deliveryHint', () => {
  it('asks for at least one stack first', () => {
    expect(deliveryHint(items, classic, 0, 128)).toBe(ZERO_STACKS_MESSAGE);
    expect(deliveryHint(items, undefined, 0, 1)).toBe(ZERO_STACKS_MESSAGE);
  });

  it('tells plugin buyers to type /store and free space for the stacks', () => {
    const hint = deliveryHint(items, solo, 256, 128);
    expect(hint).toContain('/store');
    expect(hint).toContain('2 стака');
  });

  it('tells RCON buyers goods arrive by themselves, stack after stack', () => {
    expect(deliveryHint(items, classic, 256, 128)).toContain('автоматически');
    expect(deliveryHint(items, classic, 256, 128)).toContain('задержкой между стаками');
  });

  it('says nothing until a server is chosen', () => {
    expect(deliveryHint(items, undefined, 128, 128)).toBeNull();
  });
});

describe('a VIP purchase', () => {
  it('is granted as a status on the chosen server, with no word of an inventory', () => {
    for (const server of [classic, solo]) {
      const hint = deliveryHint(vip, server, 1, 1) ?? '';
      expect(hint).toContain('Статус VIP и его привилегии будут выданы на выбранном сервере');
      expect(hint).not.toMatch(/инвентар|предмет|товар|стак/i);
    }
    expect(deliveryHint(vip, solo, 1, 1)).toContain('/store');
    expect(deliveryHint(vip, classic, 1, 1)).toContain('даже если вас нет в игре');
  });

  it('counts its term in days, not items and stacks', () => {
    expect(purchaseSummaryFor(vip, 1, 1)).toBe('Срок VIP: 30 дней');
    expect(purchaseSummaryFor({ ...vip, vipDays: 7 }, 3, 1)).toBe('Срок VIP: 21 день');
    expect(purchaseSummaryFor({ ...vip, untilWipe: true }, 1, 1)).toBe(
      'Статус VIP на выбранном сервере до его вайпа',
    );
    expect(priceUnit(vip, 1)).toBe('за 30 дней');
    expect(priceUnit({ ...vip, untilWipe: true }, 1)).toBe('');
  });

  it('leaves items their stacks and inventory', () => {
    expect(purchaseSummaryFor(items, 128, 64)).toBe('Всего предметов: 128 шт. (2 стака)');
    expect(priceUnit(items, 64)).toBe('за стак (64 шт.)');
    expect(deliveryHint(items, classic, 1, 1)).toContain('инвентарь');
  });
});

describe('a kit purchase', () => {
  const kit = {
    vipTier: null,
    vipDays: null,
    untilWipe: false,
    kitItems: [
      { gameItemName: 'wood', amount: 5000, name: 'Дерево', image: null },
      { gameItemName: 'stones', amount: 5000, name: 'Камни', image: null },
    ],
  };

  it('is priced and counted in kits, not stacks', () => {
    expect(priceUnit(kit, 1)).toBe('за набор');
    expect(purchaseSummaryFor(kit, 1, 1)).toBe('Всего: 1 набор');
    expect(purchaseSummaryFor(kit, 2, 1)).toBe('Всего: 2 набора');
    expect(purchaseSummaryFor(kit, 5, 1)).toBe('Всего: 5 наборов');
  });

  it('tells how its items arrive on either kind of server', () => {
    expect(deliveryHint(kit, solo, 1, 1)).toContain('/store');
    expect(deliveryHint(kit, solo, 1, 1)).toContain('все его предметы');
    expect(deliveryHint(kit, classic, 1, 1)).toContain('добавятся в инвентарь автоматически');
    expect(deliveryHint(kit, classic, 1, 1)).not.toMatch(/стака|стаков/);
  });
});
