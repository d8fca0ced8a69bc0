import { describe, expect, it } from 'vitest';
import { purchaseRefusal } from './purchase-refusal';

const ok = { ready: true, inStock: true, giftIncomplete: false, balance: 100, cost: 50 };

describe('the purchase dialog’s own refusals', () => {
  it('lets an affordable, complete purchase go to the shop', () => {
    expect(purchaseRefusal(ok)).toBeNull();
  });

  it('names what is missing: server, stock, recipient, money', () => {
    expect(purchaseRefusal({ ...ok, ready: false })?.title).toContain('Выберите сервер');
    expect(purchaseRefusal({ ...ok, inStock: false })?.title).toContain('недоступен');
    expect(purchaseRefusal({ ...ok, giftIncomplete: true })).not.toBeNull();
    expect(purchaseRefusal({ ...ok, cost: 150 })?.description).toMatch(/Нужно: 150/);
  });

  it('leaves a debt to the shop, whose refusal names it', () => {
    expect(purchaseRefusal({ ...ok, balance: -20, cost: 150 })).toBeNull();
  });
});
