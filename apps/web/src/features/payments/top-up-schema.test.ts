import { describe, expect, it } from 'vitest';
import { bonusPreview, parseAmount, topUpSchemaFor } from './top-up-schema';

/** The shop's terms as shipped (SPEC §5, §9): 10 % bonus, 10 to 15 000 roubles. */
const shipped = { bonusPercent: 10, min: 10, max: 15000, tiers: [], firstTopUpPercent: 0 };
const topUpSchema = topUpSchemaFor(shipped);

/** The money of a preview: the tier's or base bonus, the code's, and the total credited. */
const money = (preview: ReturnType<typeof bonusPreview>) =>
  preview && { bonus: preview.bonus, promoBonus: preview.promoBonus, total: preview.total };

const valid = {
  amount: '500',
  method: 'freekassa:card',
  email: 'player@mail.ru',
  emailConfirmed: true,
} as const;

function firstError(
  input: Record<string, unknown>,
  path: string,
  schema = topUpSchema,
): string | undefined {
  const result = schema.safeParse({ ...valid, ...input });
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === path)?.message;
}

describe('top-up form rules (SPEC §5)', () => {
  it('accepts a correct form and hands back the amount as a number', () => {
    expect(topUpSchema.parse(valid)).toEqual({ ...valid, amount: 500 });
    expect(topUpSchema.parse({ ...valid, amount: ' 99,50 ' }).amount).toBe(99.5);
  });

  it('explains every amount problem in Russian', () => {
    expect(firstError({ amount: '' }, 'amount')).toBe('Введите сумму');
    expect(firstError({ amount: '   ' }, 'amount')).toBe('Введите сумму');
    expect(firstError({ amount: 'сто' }, 'amount')).toBe('Сумма должна быть числом');
    expect(firstError({ amount: '1e3' }, 'amount')).toBe('Сумма должна быть числом');
    expect(firstError({ amount: '9.99' }, 'amount')).toBe('Сумма должна быть не менее 10 рублей');
    expect(firstError({ amount: '15000.01' }, 'amount')).toBe(
      'Сумма не должна превышать 15000 рублей',
    );
    expect(firstError({ amount: '10.001' }, 'amount')).toBe(
      'Сумма: не больше двух знаков после запятой',
    );
    expect(firstError({ amount: '10' }, 'amount')).toBeUndefined();
    expect(firstError({ amount: '15000' }, 'amount')).toBeUndefined();
  });

  it('takes the limits the owner set, and states them in the refusals', () => {
    const own = topUpSchemaFor({ min: 21, max: 3001 });
    expect(firstError({ amount: '20' }, 'amount', own)).toBe('Сумма должна быть не менее 21 рубля');
    expect(firstError({ amount: '3002' }, 'amount', own)).toBe(
      'Сумма не должна превышать 3001 рубль',
    );
    expect(firstError({ amount: '21' }, 'amount', own)).toBeUndefined();
    expect(firstError({ amount: '3001' }, 'amount', own)).toBeUndefined();
    const one = topUpSchemaFor({ min: 1, max: 2 });
    expect(firstError({ amount: '0.5' }, 'amount', one)).toBe('Сумма должна быть не менее 1 рубля');
    expect(firstError({ amount: '3' }, 'amount', one)).toBe('Сумма не должна превышать 2 рубля');
  });

  it('checks the email, its confirmation and the method', () => {
    expect(firstError({ email: '' }, 'email')).toBe('Введите email');
    expect(firstError({ email: 'player@' }, 'email')).toBe('Неверный формат email');
    expect(firstError({ emailConfirmed: false }, 'emailConfirmed')).toBe('Подтвердите email');
    expect(firstError({ method: undefined }, 'method')).toBe('Выберите способ оплаты');
  });
});

describe('parseAmount', () => {
  it('reads plain decimals with a dot or a comma, nothing else', () => {
    expect(parseAmount('500')).toBe(500);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('0x10')).toBeNaN();
    expect(parseAmount('-20')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });
});

describe('bonus preview (SPEC §9: the base percent, rounded down to whole roubles)', () => {
  it('appears only for an amount the form accepts: within the limits, two decimals at most', () => {
    expect(bonusPreview('9.99', shipped)).toBeNull();
    expect(bonusPreview('', shipped)).toBeNull();
    expect(bonusPreview('abc', shipped)).toBeNull();
    expect(bonusPreview('20000', shipped)).toBeNull();
    expect(bonusPreview('15000.01', shipped)).toBeNull();
    expect(bonusPreview('10.001', shipped)).toBeNull();
    expect(money(bonusPreview('10', shipped))).toEqual({ bonus: 1, promoBonus: 0, total: 11 });
  });

  it('rounds the bonus down and adds it to the amount', () => {
    expect(money(bonusPreview('199', shipped))).toEqual({ bonus: 19, promoBonus: 0, total: 218 });
    expect(money(bonusPreview('500', shipped))).toEqual({ bonus: 50, promoBonus: 0, total: 550 });
    expect(money(bonusPreview('99,9', shipped))).toEqual({ bonus: 9, promoBonus: 0, total: 108.9 });
    expect(money(bonusPreview('15000', shipped))).toEqual({
      bonus: 1500,
      promoBonus: 0,
      total: 16500,
    });
  });

  it('adds an activated percentage code as the server credits it', () => {
    // 50 ₽ with a 15% code: 5 ₽ of the site's bonus and 7 ₽ of the code's, 12 ₽ as the server pays.
    expect(money(bonusPreview('50', shipped, { promoPercent: 15, firstTopUp: false }))).toEqual({
      bonus: 5,
      promoBonus: 7,
      total: 62,
    });
    expect(money(bonusPreview('500', shipped, { promoPercent: 20, firstTopUp: false }))).toEqual({
      bonus: 50,
      promoBonus: 100,
      total: 650,
    });
  });

  it('uses the owner’s percent and limits', () => {
    const own = { bonusPercent: 25, min: 100, max: 1000, tiers: [], firstTopUpPercent: 0 };
    expect(bonusPreview('50', own)).toBeNull();
    expect(bonusPreview('1001', own)).toBeNull();
    expect(money(bonusPreview('199', own))).toEqual({ bonus: 49, promoBonus: 0, total: 248 });
    const none = { bonusPercent: 0, min: 10, max: 15000, tiers: [], firstTopUpPercent: 0 };
    expect(money(bonusPreview('500', none))).toEqual({ bonus: 0, promoBonus: 0, total: 500 });
    expect(money(bonusPreview('500', none, { promoPercent: 20, firstTopUp: false }))).toEqual({
      bonus: 0,
      promoBonus: 100,
      total: 600,
    });
  });

  it('previews tiers and the first top-up as the server credits them', () => {
    const tiered = {
      bonusPercent: 10,
      min: 10,
      max: 15000,
      tiers: [
        { from: 1000, percent: 15 },
        { from: 3000, percent: 20 },
      ],
      firstTopUpPercent: 5,
    };
    const first = { promoPercent: 10, firstTopUp: true };
    expect(bonusPreview('999', tiered, first)).toMatchObject({
      percent: 10,
      tierFrom: null,
      totalBonus: 247,
      total: 1246,
    });
    expect(bonusPreview('1000', tiered, { promoPercent: 0, firstTopUp: false })).toMatchObject({
      percent: 15,
      tierFrom: 1000,
      firstBonus: 0,
      totalBonus: 150,
    });
    expect(bonusPreview('3000', tiered, first)).toMatchObject({
      percent: 20,
      firstBonus: 150,
      promoBonus: 300,
      totalBonus: 1050,
      total: 4050,
    });
  });

  it("checks the amount against the chosen method's narrower limits", () => {
    expect(bonusPreview('100', shipped, undefined, { min: 500, max: 700 })).toBeNull();
    expect(money(bonusPreview('600', shipped, undefined, { min: 500, max: 700 }))).toEqual({
      bonus: 60,
      promoBonus: 0,
      total: 660,
    });
  });
});
