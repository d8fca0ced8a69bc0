import { KIT_MESSAGES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { testAdminProduct } from '@/lib/test-product';
import { itemToKitLine, kitSummary } from './kit-form';
import {
  emptyProductForm,
  productFormToPayload,
  productToForm,
  REQUIRED_KIT_FIELDS,
  type ProductFormValues,
} from './product-form';
import { shippedLists } from './test-lists';

const toPayload = (values: ProductFormValues) => productFormToPayload(values, shippedLists);

const line = (gameItemName: string, amount: string, name = gameItemName) => ({
  gameItemName,
  name,
  image: null,
  category: null,
  amount,
});

const kit: ProductFormValues = {
  ...emptyProductForm,
  kind: 'kit',
  name: 'Набор строителя',
  price: '249',
  category: 'kits',
  // What the admin typed into the hidden item fields before choosing a kit is not sent.
  gameItemName: 'rifle.ak',
  quantity: '64',
  commands: 'say hi',
  kitItems: [
    line('wood', '5 000', 'Дерево'),
    line('stones', '5000'),
    line('metal.fragments', '1000'),
  ],
};

describe('the kit form', () => {
  it('sends its lines and none of the item fields a kit cannot have', () => {
    expect(toPayload(kit)).toMatchObject({
      ok: true,
      payload: {
        name: 'Набор строителя',
        gameItemName: '',
        gameItemId: null,
        quantity: 1,
        commands: null,
        vipTier: null,
        vipDays: null,
        revokeCommands: null,
        kitItems: [
          { gameItemName: 'wood', amount: 5000 },
          { gameItemName: 'stones', amount: 5000 },
          { gameItemName: 'metal.fragments', amount: 1000 },
        ],
      },
    });
  });

  it('needs no game item name, but a name, price and category', () => {
    expect(toPayload({ ...kit, name: ' ', price: '' })).toEqual({
      ok: false,
      message: REQUIRED_KIT_FIELDS,
      fields: ['name', 'price'],
    });
  });

  it('names the wrong line, and marks its own input', () => {
    expect(toPayload({ ...kit, kitItems: [] })).toEqual({
      ok: false,
      message: KIT_MESSAGES.empty,
      fields: ['kitItems'],
    });
    expect(toPayload({ ...kit, kitItems: [line('wood', '1000'), line('stones', '1,5')] })).toEqual({
      ok: false,
      message: KIT_MESSAGES.badAmount(2),
      fields: ['kitItems.1.amount'],
    });
    expect(toPayload({ ...kit, kitItems: [line('wood', '')] })).toMatchObject({
      ok: false,
      message: KIT_MESSAGES.badAmount(1),
    });
    expect(
      toPayload({ ...kit, kitItems: [line('wood', '1'), line('stones', '1'), line('wood', '2')] }),
    ).toEqual({
      ok: false,
      message: KIT_MESSAGES.duplicate(3, 1, 'wood'),
      fields: ['kitItems.2.gameItemName'],
    });
  });

  it('round-trips a stored kit, and shows a plain product as one item', () => {
    const stored = testAdminProduct({
      name: 'Набор строителя',
      gameItemName: '',
      category: 'kits',
      kitItems: [
        { gameItemName: 'wood', amount: 5000, name: 'Дерево', image: '/img/-151838493.png' },
        { gameItemName: 'stones', amount: 5000, name: 'Камни', image: null },
      ],
    });
    const form = productToForm(stored);
    expect(form.kind).toBe('kit');
    expect(form.kitItems[0]).toEqual({
      gameItemName: 'wood',
      name: 'Дерево',
      image: '/img/-151838493.png',
      category: null,
      amount: '5000',
    });
    expect(toPayload(form)).toMatchObject({
      ok: true,
      payload: {
        kitItems: [
          { gameItemName: 'wood', amount: 5000 },
          { gameItemName: 'stones', amount: 5000 },
        ],
      },
    });
    expect(productToForm(testAdminProduct()).kind).toBe('item');
    expect(kitSummary(stored.kitItems!)).toBe('Дерево ×5\u00a0000, Камни ×5\u00a0000');
  });

  it('adds a picked item as a line of one, by its Russian name', () => {
    expect(
      itemToKitLine({
        shortname: 'wood',
        nameEn: 'Wood',
        nameRu: 'Дерево',
        image: null,
        category: 'resources',
      }),
    ).toEqual({
      gameItemName: 'wood',
      name: 'Дерево',
      image: null,
      category: 'resources',
      amount: '1',
    });
  });
});
