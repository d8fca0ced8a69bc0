import type { Promocode } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyPromocodeForm,
  endOfDayIso,
  promocodeFormToPayload,
  promoState,
  promoValueLabel,
  usagePercent,
  type PromocodeFormValues,
} from './promocode-form';

const form = (values: Partial<PromocodeFormValues>): PromocodeFormValues => ({
  ...emptyPromocodeForm,
  code: 'GIFT-100',
  type: 'fixed',
  discount: '100',
  usageLimit: '50',
  ...values,
});

const errorsOf = (values: Partial<PromocodeFormValues>) => {
  const result = promocodeFormToPayload(form(values));
  return result.ok ? {} : result.errors;
};

describe('admin promo code form (SPEC §5)', () => {
  it('builds the payload, upper-casing the code and defaulting to no expiry', () => {
    const result = promocodeFormToPayload(form({ code: ' gift-100 ', description: ' Подарок ' }));
    expect(result).toEqual({
      ok: true,
      payload: {
        code: 'GIFT-100',
        type: 'fixed',
        discount: 100,
        usageLimit: 50,
        expiresAt: null,
        description: 'Подарок',
        category: '',
      },
    });
  });

  it('says what is wrong with each field in the words of the specification', () => {
    expect(errorsOf({ code: '   ' }).code).toBe('Код промокода обязателен');
    for (const discount of ['', '0', 'сто', '-5']) {
      expect(errorsOf({ discount }).discount).toBe('Размер скидки должен быть числом больше 0');
    }
    for (const usageLimit of ['', '0', 'много', '1.5']) {
      expect(errorsOf({ usageLimit }).usageLimit).toBe(
        'Максимум использований должен быть числом больше 0',
      );
    }
  });

  it('reports every broken field at once', () => {
    expect(Object.keys(errorsOf({ code: '', discount: '', usageLimit: '' })).sort()).toEqual([
      'code',
      'discount',
      'usageLimit',
    ]);
  });

  it('keeps the shared limits: a percentage up to 100, the code shape', () => {
    expect(errorsOf({ type: 'percentage', discount: '150' }).discount).toBe(
      'Процент бонуса не может быть больше 100',
    );
    expect(errorsOf({ code: 'Б!' }).code).toMatch(/заглавные буквы/);
    expect(promocodeFormToPayload(form({ discount: '12,5', type: 'percentage' }))).toMatchObject({
      ok: true,
      payload: { discount: 12.5 },
    });
  });

  it('lets a code run through the whole expiry day', () => {
    const iso = endOfDayIso('2030-12-31')!;
    const end = new Date(iso);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      2030, 11, 31, 23,
    ]);
    expect(promocodeFormToPayload(form({ expiresAt: '2030-12-31' }))).toMatchObject({
      ok: true,
      payload: { expiresAt: iso },
    });
    expect(errorsOf({ expiresAt: '31.12.2030' }).expiresAt).toBe('Неверная дата');
  });
});

const promo = (values: Partial<Promocode>): Promocode => ({
  id: 1,
  code: 'WIPE-2030',
  discount: 10,
  type: 'percentage',
  usageLimit: 10,
  maxUses: 10,
  usageCount: 0,
  expiresAt: null,
  isActive: true,
  description: '',
  category: '',
  ...values,
});

describe('promo code list', () => {
  const now = new Date('2030-06-01T12:00:00Z');

  it('tells why a code does not work', () => {
    expect(promoState(promo({}), now)).toBe('active');
    expect(promoState(promo({ isActive: false }), now)).toBe('inactive');
    expect(promoState(promo({ expiresAt: '2030-05-31T23:59:59Z' }), now)).toBe('expired');
    expect(promoState(promo({ expiresAt: '2030-06-02T00:00:00Z' }), now)).toBe('active');
    expect(promoState(promo({ usageCount: 10 }), now)).toBe('exhausted');
  });

  it('labels the value and the use', () => {
    expect(promoValueLabel({ type: 'percentage', discount: 15 })).toBe('+15% к пополнению');
    expect(promoValueLabel({ type: 'fixed', discount: 1500 })).toBe('1\u00a0500 ₽ на баланс');
    expect(usagePercent({ usageCount: 1, maxUses: 3 })).toBe(33);
    expect(usagePercent({ usageCount: 5, maxUses: 3 })).toBe(100);
  });
});
