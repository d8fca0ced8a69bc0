import type { AdminProduct } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { testAdminProduct } from '@/lib/test-product';
import {
  emptyProductForm,
  itemToFormFields,
  parseDecimal,
  productFormToPayload,
  productToForm,
  REQUIRED_PRODUCT_FIELDS,
  VIP_FIELDS_REQUIRED,
  type ProductFormValues,
} from './product-form';

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
    expect(productFormToPayload(emptyProductForm)).toEqual({
      ok: false,
      message: REQUIRED_PRODUCT_FIELDS,
      fields: ['name', 'gameItemName', 'price', 'category'],
    });
  });

  it('maps empty optional fields to defaults and nulls', () => {
    const result = productFormToPayload({ ...filled, quantity: '' });
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
      },
    });
  });

  it('sends the wipe block in hours and «до вайпа», an empty block as none', () => {
    expect(
      productFormToPayload({ ...filled, wipeBlockHours: ' 24 ', untilWipe: true }),
    ).toMatchObject({ ok: true, payload: { wipeBlockHours: 24, untilWipe: true } });
    expect(productFormToPayload({ ...filled, wipeBlockHours: '' })).toMatchObject({
      ok: true,
      payload: { wipeBlockHours: 0 },
    });
    expect(productFormToPayload({ ...filled, wipeBlockHours: '721' })).toEqual({
      ok: false,
      message: 'Блокировка после вайпа: от 0 до 720 часов',
      fields: ['wipeBlockHours'],
    });
    expect(productFormToPayload({ ...filled, wipeBlockHours: '1,5' })).toMatchObject({
      ok: false,
      fields: ['wipeBlockHours'],
    });
  });

  it('keeps typed values', () => {
    const result = productFormToPayload({
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
    expect(productFormToPayload({ ...filled, price: 'дорого' })).toMatchObject({
      ok: false,
      fields: ['price'],
    });
    expect(productFormToPayload({ ...filled, quantity: '1.5' })).toMatchObject({
      ok: false,
      fields: ['quantity'],
    });
    expect(productFormToPayload({ ...filled, quantity: '0' })).toMatchObject({
      ok: false,
      fields: ['quantity'],
    });
  });

  it('maps a VIP product: tier, days and revoke commands', () => {
    const result = productFormToPayload({
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
      productFormToPayload({ ...filled, vipTier: 'Bronze', vipDays: '7', revokeCommands: '  ' }),
    ).toMatchObject({ ok: true, payload: { vipTier: 'Bronze', vipDays: 7, revokeCommands: null } });
  });

  it('asks for both the VIP tier and the term, as the server does', () => {
    expect(productFormToPayload({ ...filled, vipTier: 'Gold', vipDays: '' })).toEqual({
      ok: false,
      message: VIP_FIELDS_REQUIRED,
      fields: ['vipDays'],
    });
    expect(productFormToPayload({ ...filled, vipTier: 'none', vipDays: '30' })).toEqual({
      ok: false,
      message: VIP_FIELDS_REQUIRED,
      fields: ['vipTier'],
    });
  });

  it('rejects a fractional, zero, too long or non-numeric VIP term', () => {
    for (const vipDays of ['1.5', '0', '3651', 'месяц', '-3'])
      expect(productFormToPayload({ ...filled, vipTier: 'Silver', vipDays })).toMatchObject({
        ok: false,
        fields: ['vipDays'],
      });
    expect(productFormToPayload({ ...filled, vipTier: 'Diamond', vipDays: '3650' })).toMatchObject({
      ok: true,
      payload: { vipDays: 3650 },
    });
  });

  it('round-trips a VIP product and reads an unknown tier as none', () => {
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
    expect(productFormToPayload(productToForm(vip))).toMatchObject({
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
    expect(productToForm({ ...vip, vipTier: 'Legend' }).vipTier).toBe('none');
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
    expect(productFormToPayload(productToForm(product))).toMatchObject({
      ok: true,
      payload: { gameItemId: -151838493, quantity: 1000, isActive: false, server: '1' },
    });
  });
});

describe('itemToFormFields', () => {
  it('fills the game fields from the picked item and keeps a known category', () => {
    const item = {
      id: 1545779598,
      shortname: 'rifle.ak',
      nameEn: 'Assault Rifle',
      category: 'weapons',
    };
    expect(itemToFormFields(item, 'Штурмовая винтовка')).toEqual({
      name: 'Штурмовая винтовка',
      gameItemName: 'rifle.ak',
      gameItemId: '1545779598',
      originalName: 'Assault Rifle',
      category: 'weapons',
    });
    expect(itemToFormFields({ ...item, category: 'unknown' }, 'x')).not.toHaveProperty('category');
  });
});
