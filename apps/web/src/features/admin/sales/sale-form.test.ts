import type { Sale } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  emptySaleForm,
  fromLocalInput,
  saleFormToPayload,
  saleState,
  saleTargetText,
  saleToForm,
  toLocalInput,
  type SaleFormValues,
} from './sale-form';
import { unknownCategoryMessage } from '../products/catalogue-lists';
import { ownerLists, shippedLists } from '../products/test-lists';

const toPayload = (values: SaleFormValues) => saleFormToPayload(values, shippedLists.categories);

const timed: SaleFormValues = {
  ...emptySaleForm,
  name: ' Чёрная пятница ',
  percent: '30',
  startsAt: '2026-11-27T00:00',
  endsAt: '2026-11-30T23:59',
};

describe('saleFormToPayload', () => {
  it('sends a timed sale with its instants, and nulls for the wipe fields', () => {
    expect(toPayload(timed)).toEqual({
      ok: true,
      payload: {
        name: 'Чёрная пятница',
        percent: 30,
        target: { all: true },
        startsAt: new Date('2026-11-27T00:00').toISOString(),
        endsAt: new Date('2026-11-30T23:59').toISOString(),
        afterWipeHours: null,
        serverId: null,
      },
    });
  });

  it('sends a wipe sale for one server, and nulls for the times', () => {
    const result = toPayload({
      ...timed,
      timing: 'after-wipe',
      afterWipeHours: '24',
      serverId: '2',
      targetKind: 'category',
      category: 'weapons',
    });
    expect(result).toMatchObject({
      ok: true,
      payload: {
        target: { category: 'weapons' },
        startsAt: null,
        endsAt: null,
        afterWipeHours: 24,
        serverId: 2,
      },
    });
  });

  it('asks for what the chosen target and timing need', () => {
    expect(toPayload({ ...timed, targetKind: 'category' })).toEqual({
      ok: false,
      message: 'Выберите категорию',
      fields: ['category'],
    });
    expect(toPayload({ ...timed, targetKind: 'products' })).toEqual({
      ok: false,
      message: 'Выберите хотя бы один товар',
      fields: ['productIds'],
    });
    expect(toPayload({ ...timed, endsAt: '' })).toEqual({
      ok: false,
      message: 'Укажите начало и конец',
      fields: ['endsAt'],
    });
    expect(toPayload({ ...timed, timing: 'after-wipe' })).toEqual({
      ok: false,
      message: 'Выберите сервер',
      fields: ['serverId'],
    });
  });

  it('speaks of the first field wrong, in the order the form shows them', () => {
    expect(toPayload({ ...emptySaleForm, timing: 'after-wipe', targetKind: 'products' })).toEqual({
      ok: false,
      message: 'Название распродажи: от 1 до 80 символов',
      fields: ['name'],
    });
    expect(toPayload({ ...timed, percent: 'abc', targetKind: 'category' })).toEqual({
      ok: false,
      message: 'Скидка: от 1 до 90 %',
      fields: ['percent'],
    });
  });

  it('answers with the shared rules for the rest', () => {
    expect(toPayload({ ...timed, percent: '95' })).toEqual({
      ok: false,
      message: 'Скидка: от 1 до 90 %',
      fields: ['percent'],
    });
    expect(toPayload({ ...timed, percent: '' })).toMatchObject({
      ok: false,
      fields: ['percent'],
    });
    expect(toPayload({ ...timed, name: '  ' })).toMatchObject({
      ok: false,
      fields: ['name'],
    });
    expect(toPayload({ ...timed, endsAt: '2026-11-26T00:00' })).toEqual({
      ok: false,
      message: 'Конец распродажи должен быть позже начала',
      fields: ['endsAt'],
    });
    expect(
      toPayload({ ...timed, timing: 'after-wipe', serverId: '1', afterWipeHours: '0' }),
    ).toMatchObject({
      ok: false,
      message: 'Часы после вайпа: от 1 до 720',
      fields: ['afterWipeHours'],
    });
  });
});

const sale: Sale = {
  id: 3,
  name: 'Вайп-распродажа',
  percent: 25,
  target: { productIds: [1, 2, 3, 4] },
  startsAt: null,
  endsAt: null,
  afterWipeHours: 12,
  serverId: 2,
  runningNow: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('a category sale with the owner’s categories', () => {
  const raid = { ...timed, targetKind: 'category' as const, category: 'raid' };

  it('takes a category the owner added, hidden ones too, and refuses one the settings lack', () => {
    expect(saleFormToPayload(raid, ownerLists.categories)).toMatchObject({
      ok: true,
      payload: { target: { category: 'raid' } },
    });
    expect(saleFormToPayload({ ...raid, category: 'food' }, ownerLists.categories)).toMatchObject({
      ok: true,
      payload: { target: { category: 'food' } },
    });
    expect(saleFormToPayload(raid, shippedLists.categories)).toEqual({
      ok: false,
      message: unknownCategoryMessage('raid'),
      fields: ['category'],
    });
    expect(saleFormToPayload(raid, undefined)).toMatchObject({ ok: true });
  });
});

describe('saleToForm', () => {
  it('opens a wipe sale with its products, hours and server, and round-trips', () => {
    const form = saleToForm(sale);
    expect(form).toMatchObject({
      targetKind: 'products',
      productIds: [1, 2, 3, 4],
      timing: 'after-wipe',
      afterWipeHours: '12',
      serverId: '2',
    });
    expect(toPayload(form)).toMatchObject({ ok: true, payload: { afterWipeHours: 12 } });
  });

  it("shows timed instants on the admin's own clock", () => {
    const iso = new Date('2026-12-01T09:30').toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('2026-12-01T09:30')).toBe(iso);
    expect(fromLocalInput('1.12.2026')).toBeNull();
  });
});

describe('saleState and saleTargetText', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const timedSale = {
    ...sale,
    afterWipeHours: null,
    serverId: null,
    startsAt: '2026-11-27T00:00:00Z',
    endsAt: '2026-11-28T00:00:00Z',
  };

  it('says whether the sale runs, waits for its start or a wipe, or is over', () => {
    expect(saleState({ ...sale, runningNow: true }, now)).toBe('running');
    expect(saleState(sale, now)).toBe('waiting-wipe');
    expect(saleState(timedSale, now)).toBe('scheduled');
    expect(saleState({ ...timedSale, startsAt: '2026-11-20T00:00:00Z' }, now)).toBe('finished');
  });

  it('names the target in a line', () => {
    const products = [
      { id: 1, name: 'Калаш' },
      { id: 2, name: 'Дерево' },
    ];
    const text = (target: Sale['target']) =>
      saleTargetText(target, products, shippedLists.categories);
    expect(text(sale.target)).toBe('Калаш, Дерево и ещё 2');
    expect(text({ productIds: [2] })).toBe('Дерево');
    expect(text({ category: 'weapons' })).toBe('Категория: Оружие');
    expect(text({ all: true })).toBe('Все товары');
  });

  it('names a category by the owner’s label, or by its key when not listed', () => {
    const text = (category: string) => saleTargetText({ category }, [], ownerLists.categories);
    expect(text('weapons')).toBe('Категория: Стволы');
    expect(text('raid')).toBe('Категория: Рейд');
    expect(text('tools')).toBe('Категория: tools');
  });
});
