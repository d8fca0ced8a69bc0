import type { AdminProduct } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { testAdminProduct } from '@/lib/test-product';
import {
  emptyProductForm,
  parseDecimal,
  productFormToPayload,
  productToForm,
  REQUIRED_PRODUCT_FIELDS,
  VIP_FIELDS_REQUIRED,
  type ProductFormValues,
} from './product-form';
import { shippedLists } from './test-lists';

const toPayload = (values: ProductFormValues) => productFormToPayload(values, shippedLists);

const filled: ProductFormValues = {
  ...emptyProductForm,
  name: 'Штурмовая винтовка',
  gameItemName: 'rifle.ak',
  price: '249,90',
  category: 'weapons',
};

const product = testAdminProduct({
  id: 7,
  name: 'Дерево',
  originalName: 'Wood',
  description: '',
  gameItemName: 'wood',
  gameItemId: -151838493,
  category: 'resources',
  server: '1',
  price: 15,
  quantity: 1000,
  popular: true,
  isActive: false,
});

describe('parseDecimal', () => {
  it('reads the Russian comma, spaces and dots', () => {
    expect(parseDecimal('249,90')).toBe(249.9);
    expect(parseDecimal('1 000.5')).toBe(1000.5);
    expect(parseDecimal('')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
  });
});

describe('productFormToPayload', () => {
  it('asks for name, game name, price and category with one message', () => {
    expect(toPayload(emptyProductForm)).toEqual({
      ok: false,
      message: REQUIRED_PRODUCT_FIELDS,
      fields: ['name', 'gameItemName', 'price', 'category'],
    });
  });

  it('maps empty optional fields to defaults and nulls', () => {
    const result = toPayload({ ...filled, quantity: '' });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Штурмовая винтовка',
        originalName: null,
        description: '',
        gameItemName: 'rifle.ak',
        gameItemId: null,
        category: 'weapons',
        server: 'all',
        price: 249.9,
        quantity: 1,
        image: null,
        popular: false,
        inStock: true,
        isActive: true,
        commands: null,
        personalUserId: null,
        revokeCommands: null,
        vipTier: null,
        vipDays: null,
        wipeBlockHours: 0,
        untilWipe: false,
        kitItems: null,
      },
    });
  });

  it('sends the wipe block in hours and «до вайпа», an empty block as none', () => {
    expect(toPayload({ ...filled, wipeBlockHours: ' 24 ', untilWipe: true })).toMatchObject({
      ok: true,
      payload: { wipeBlockHours: 24, untilWipe: true },
    });
    expect(toPayload({ ...filled, wipeBlockHours: '' })).toMatchObject({
      ok: true,
      payload: { wipeBlockHours: 0 },
    });
    expect(toPayload({ ...filled, wipeBlockHours: '721' })).toEqual({
      ok: false,
      message: 'Блокировка после вайпа: от 0 до 720 часов',
      fields: ['wipeBlockHours'],
    });
    expect(toPayload({ ...filled, wipeBlockHours: '1,5' })).toMatchObject({
      ok: false,
      fields: ['wipeBlockHours'],
    });
  });

  it('keeps typed values', () => {
    const result = toPayload({
      ...filled,
      gameItemId: '-1234',
      quantity: '1000',
      server: '2',
      commands: ' inventory.giveto {playerId} wood 1000 ',
      personalUserId: '5',
      popular: true,
    });
    expect(result).toMatchObject({
      ok: true,
      payload: {
        gameItemId: -1234,
        quantity: 1000,
        server: '2',
        commands: 'inventory.giveto {playerId} wood 1000',
        personalUserId: 5,
        popular: true,
      },
    });
  });

  it('rejects a non-numeric price and a fractional or zero stack', () => {
    expect(toPayload({ ...filled, price: 'дорого' })).toMatchObject({
      ok: false,
      fields: ['price'],
    });
    expect(toPayload({ ...filled, quantity: '1.5' })).toMatchObject({
      ok: false,
      fields: ['quantity'],
    });
    expect(toPayload({ ...filled, quantity: '0' })).toMatchObject({
      ok: false,
      fields: ['quantity'],
    });
  });

  it('maps a VIP product: tier, days and revoke commands', () => {
    const result = toPayload({
      ...filled,
      category: 'vip',
      vipTier: 'Gold',
      vipDays: ' 30 ',
      revokeCommands: ' oxide.usergroup remove {playerId} gold ',
    });
    expect(result).toMatchObject({
      ok: true,
      payload: {
        category: 'vip',
        vipTier: 'Gold',
        vipDays: 30,
        revokeCommands: 'oxide.usergroup remove {playerId} gold',
      },
    });
    expect(
      toPayload({ ...filled, vipTier: 'Bronze', vipDays: '7', revokeCommands: '  ' }),
    ).toMatchObject({ ok: true, payload: { vipTier: 'Bronze', vipDays: 7, revokeCommands: null } });
  });

  it('asks for both the VIP tier and the term, as the server does', () => {
    expect(toPayload({ ...filled, vipTier: 'Gold', vipDays: '' })).toEqual({
      ok: false,
      message: VIP_FIELDS_REQUIRED,
      fields: ['vipDays'],
    });
    expect(toPayload({ ...filled, vipTier: 'none', vipDays: '30' })).toEqual({
      ok: false,
      message: VIP_FIELDS_REQUIRED,
      fields: ['vipTier'],
    });
  });

  it('rejects a fractional, zero, too long or non-numeric VIP term', () => {
    for (const vipDays of ['1.5', '0', '3651', 'месяц', '-3'])
      expect(toPayload({ ...filled, vipTier: 'Silver', vipDays })).toMatchObject({
        ok: false,
        fields: ['vipDays'],
      });
    expect(toPayload({ ...filled, vipTier: 'Diamond', vipDays: '3650' })).toMatchObject({
      ok: true,
      payload: { vipDays: 3650 },
    });
  });

  it('round-trips a VIP product and keeps a tier the settings do not list', () => {
    const vip: AdminProduct = {
      ...product,
      category: 'vip',
      vipTier: 'Platinum',
      vipDays: 90,
      commands: 'oxide.usergroup add {playerId} plat',
      revokeCommands: 'oxide.usergroup remove {playerId} plat',
    };
    expect(productToForm(vip)).toMatchObject({
      vipTier: 'Platinum',
      vipDays: '90',
      revokeCommands: 'oxide.usergroup remove {playerId} plat',
    });
    expect(toPayload(productToForm(vip))).toMatchObject({
      ok: true,
      payload: {
        vipTier: 'Platinum',
        vipDays: 90,
        commands: 'oxide.usergroup add {playerId} plat',
        revokeCommands: 'oxide.usergroup remove {playerId} plat',
      },
    });
    expect(productToForm(product)).toMatchObject({
      vipTier: 'none',
      vipDays: '',
      revokeCommands: '',
    });
    // A tier the settings no longer list is kept, so the select shows it and the server says why.
    expect(productToForm({ ...vip, vipTier: 'Legend' }).vipTier).toBe('Legend');
  });

  it("edits the product's own price while a sale shows a lower one", () => {
    const onSale = { ...product, price: 10.5, originalPrice: 15, salePercent: 30 };
    expect(productToForm(onSale).price).toBe('15');
    expect(productToForm({ ...product, wipeBlockHours: 12, untilWipe: true })).toMatchObject({
      wipeBlockHours: '12',
      untilWipe: true,
    });
  });

  it('round-trips an existing product', () => {
    expect(toPayload(productToForm(product))).toMatchObject({
      ok: true,
      payload: { gameItemId: -151838493, quantity: 1000, isActive: false, server: '1' },
    });
  });
});
