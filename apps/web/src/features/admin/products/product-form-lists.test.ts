import { describe, expect, it } from 'vitest';
import { unknownCategoryMessage, unknownTierMessage } from './catalogue-lists';
import { emptyProductForm, itemToFormFields, productFormToPayload } from './product-form';
import { ownerLists as owners, shippedLists as shipped } from './test-lists';

const filled = {
  ...emptyProductForm,
  name: 'Штурмовая винтовка',
  gameItemName: 'rifle.ak',
  price: '249,90',
  category: 'weapons',
};

describe('productFormToPayload with the owner’s lists', () => {
  it('takes a category and a tier the owner added, and refuses keys the settings lack', () => {
    const raid = { ...filled, category: 'raid', vipTier: 'Legend', vipDays: '30' };
    expect(productFormToPayload(raid, owners)).toMatchObject({
      ok: true,
      payload: { category: 'raid', vipTier: 'Legend', vipDays: 30 },
    });
    expect(productFormToPayload({ ...raid, category: 'food' }, owners)).toMatchObject({ ok: true });
    expect(productFormToPayload(raid, shipped)).toEqual({
      ok: false,
      message: unknownCategoryMessage('raid'),
      fields: ['category'],
    });
    expect(
      productFormToPayload({ ...raid, category: 'weapons', vipTier: 'Silver' }, owners),
    ).toEqual({ ok: false, message: unknownTierMessage('Silver'), fields: ['vipTier'] });
    // Before the settings arrive the server alone checks the keys.
    expect(productFormToPayload(raid, undefined)).toMatchObject({ ok: true });
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
    expect(itemToFormFields(item, 'Штурмовая винтовка', shipped.categories)).toEqual({
      name: 'Штурмовая винтовка',
      gameItemName: 'rifle.ak',
      gameItemId: '1545779598',
      originalName: 'Assault Rifle',
      category: 'weapons',
    });
    const fields = (category: string, lists = owners) =>
      itemToFormFields({ ...item, category }, 'x', lists.categories);
    expect(fields('unknown', shipped)).not.toHaveProperty('category');
    // The owner's own category is taken; a hidden one is left for the admin to choose.
    expect(fields('raid')).toMatchObject({ category: 'raid' });
    expect(fields('food')).not.toHaveProperty('category');
    expect(itemToFormFields(item, 'x', undefined)).not.toHaveProperty('category');
  });
});
