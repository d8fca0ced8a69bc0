import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT, startMoneyShop, type MoneyShop } from '../../test-support/money-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

let money: MoneyShop;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  money = await startMoneyShop();
  player = await createAccount(money.shop.app, money.shop.config);
});
afterAll(() => money?.close());

const create = (payload: Record<string, unknown>, headers = player.headers) =>
  money.shop.app.inject({ method: 'POST', url: '/api/payments/create', headers, payload });
const good = { amount: 500, method: 'kassa', email: 'player@example.com' };
const paymentCount = async () =>
  (
    await queryRows<{ n: number }>(money.shop.app.db, sql`select count(*)::int as n from payments`)
  )[0]?.n;

describe('creating a top-up', () => {
  it.each([
    [{ ...good, amount: 9.99 }, 'Сумма должна быть не менее 10 рублей'],
    [{ ...good, amount: 15000.01 }, 'Сумма не должна превышать 15000 рублей'],
    [{ ...good, amount: 'много' }, 'Сумма должна быть числом'],
    [{ ...good, amount: 100.001 }, 'Сумма: не больше двух знаков после запятой'],
    [{ ...good, email: '' }, 'Введите email'],
    [{ ...good, email: 'not-an-email' }, 'Неверный формат email'],
    [{ ...good, method: 'cash' }, 'Выберите способ оплаты'],
  ])(
    'refuses %j with the message of the specification and creates nothing',
    async (payload, message) => {
      const before = await paymentCount();
      const reply = await create(payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe(message);
      expect(await paymentCount()).toBe(before);
    },
  );

  it('needs a signed-in player', async () => {
    expect(
      (await money.shop.app.inject({ method: 'POST', url: '/api/payments/create', payload: good }))
        .statusCode,
    ).toBe(401);
  });

  it('hands back a payment link signed as FreeKassa checks it', async () => {
    const reply = await create({ ...good, amount: 1234.5 });
    expect(reply.statusCode).toBe(200);
    const { url, orderId, success } = reply.json();
    expect(success).toBe(true);
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe(money.provider.payUrl);
    const query = Object.fromEntries(link.searchParams);
    expect(query).toMatchObject({
      m: MERCHANT.shopId,
      currency: 'RUB',
      o: orderId,
      em: 'player@example.com',
      lang: 'ru',
    });
    const expected = createHash('md5')
      .update(`${MERCHANT.shopId}:${query.oa}:${MERCHANT.secret1}:RUB:${orderId}`)
      .digest('hex');
    expect(query.s).toBe(expected);
    expect(Number(query.oa)).toBe(1234.5);
  });

  it('creates an SBP order through the provider API and returns its page', async () => {
    const reply = await create({ ...good, method: 'sbp', paymentSystemId: 44 });
    const { url, orderId } = reply.json();
    expect(url.startsWith(money.provider.origin)).toBe(true);
    expect(
      money.provider.fake
        .orders()
        .some((order) => order.orderId === orderId && order.methodId === 44),
    ).toBe(true);
  });

  it('adds an activated percentage code to the next paid top-up only', async () => {
    const admin = await createAccount(money.shop.app, money.shop.config, 'admin');
    await money.shop.app.inject({
      method: 'POST',
      url: '/api/admin/promocodes',
      headers: admin.headers,
      payload: { code: 'PLUS-15', discount: 15, type: 'percentage', usageLimit: 10 },
    });
    const buyer = await createAccount(money.shop.app, money.shop.config);
    const activated = await money.shop.app.inject({
      method: 'POST',
      url: '/api/promocodes/activate',
      headers: buyer.headers,
      payload: { code: 'PLUS-15' },
    });
    expect(activated.json().message).toBe(
      'Промокод активирован! Бонус +15% к следующему пополнению',
    );
    const first = (await create({ ...good, amount: 1000 }, buyer.headers)).json();
    const second = (await create({ ...good, amount: 1000 }, buyer.headers)).json();
    await payThroughPage(first.url);
    await payThroughPage(second.url);
    const profile = await money.shop.app.inject({
      url: '/api/auth/profile',
      headers: buyer.headers,
    });
    // 1000 + 100 (10%) + 150 (15% code), then 1000 + 100: the code served one top-up.
    expect(profile.json().balance).toBe(2350);
  });
});
