import { adminPaymentMethodsSchema, paymentMethodsReplySchema } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

type Account = Awaited<ReturnType<typeof createAccount>>;

/**
 * «Способы оплаты»: the methods of the configured providers as the top-up dialog lists them, the
 * owner's on/off and order, and a provider hidden while its API fails until it answers again.
 */
describe('payment methods', () => {
  let world: ProviderShop;
  let owner: Account;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    world = await startProviderShop();
    owner = await createAccount(world.shop.app, world.shop.config, 'owner');
    admin = await createAccount(world.shop.app, world.shop.config, 'admin');
    player = await createAccount(world.shop.app, world.shop.config);
  });
  afterAll(() => world?.close());

  const inject = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Account['headers'],
    payload?: unknown,
  ) => world.shop.app.inject({ method, url, headers, payload: payload as object });
  const dialog = async () =>
    paymentMethodsReplySchema.parse(
      (await inject('GET', '/api/payments/methods', player.headers)).json(),
    );
  const keys = (list: Array<{ provider: string; id: string }>) =>
    list.map((method) => `${method.provider}:${method.id}`);

  it('lists every method of the three providers, each within the shop’s and its own limits', async () => {
    const { methods, unavailable, firstTopUp } = await dialog();
    expect(keys(methods)).toEqual([
      'freekassa:card',
      'freekassa:sbp',
      'yookassa:bank_card',
      'yookassa:sbp',
      'yookassa:sberbank',
      'yookassa:tinkoff_bank',
      'yookassa:yoo_money',
      'cryptopay:crypto',
    ]);
    expect(unavailable).toEqual([]);
    expect(firstTopUp).toBe(false);
    for (const method of methods) {
      expect(method.min).toBeGreaterThanOrEqual(10);
      expect(method.max).toBeLessThanOrEqual(15000);
      expect(method.name).not.toBe('');
    }
    expect(methods.find((method) => method.id === 'bank_card')?.fee.percent).toBeGreaterThan(0);
  });

  it('the owner switches methods off and orders them; the dialog and the top-up follow', async () => {
    const put = await inject('PUT', '/api/admin/payment-methods', owner.headers, {
      methods: [
        { provider: 'cryptopay', id: 'crypto', enabled: true },
        { provider: 'yookassa', id: 'sbp', enabled: true },
        { provider: 'freekassa', id: 'card', enabled: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const stored = adminPaymentMethodsSchema.parse(put.json());
    expect(stored.methods.find((method) => method.id === 'card')?.enabled).toBe(false);
    const { methods } = await dialog();
    expect(keys(methods).slice(0, 3)).toEqual([
      'cryptopay:crypto',
      'yookassa:sbp',
      'freekassa:sbp',
    ]);
    expect(keys(methods)).not.toContain('freekassa:card');

    const before = await queryRows<{ n: number }>(
      world.shop.app.db,
      sql`select count(*)::int as n from payments`,
    );
    const refused = await inject('POST', '/api/payments/create', player.headers, {
      amount: 100,
      method: 'freekassa',
      paymentSystemId: 'card',
      email: 'player@example.com',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Этот способ оплаты отключён. Выберите другой.');
    const after = await queryRows<{ n: number }>(
      world.shop.app.db,
      sql`select count(*)::int as n from payments`,
    );
    expect(after).toEqual(before);

    const journal = await queryRows<{ action: string; after: string }>(
      world.shop.app.db,
      sql`select action, after from audit_log where action = 'payment.methods'`,
    );
    expect(journal).toHaveLength(1);
    expect(journal[0]?.after).toContain('freekassa:card (выкл.)');

    // Back on, for the tests that follow.
    await inject('PUT', '/api/admin/payment-methods', owner.headers, {
      methods: [{ provider: 'freekassa', id: 'card', enabled: true }],
    });
  });

  it('refuses methods no provider offers and repeats, and changes nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { methods: [{ provider: 'yookassa', id: 'cash', enabled: true }] },
        /Нет такого способа оплаты: cash/,
      ],
      [
        {
          methods: [
            { provider: 'yookassa', id: 'sbp', enabled: true },
            { provider: 'yookassa', id: 'sbp', enabled: false },
          ],
        },
        /указан дважды/,
      ],
      [
        { methods: [{ provider: 'paypal', id: 'card', enabled: true }] },
        /Неизвестная платёжная система/,
      ],
      [{ methods: [] }, /Список способов оплаты пуст/],
    ];
    const before = (await inject('GET', '/api/admin/payment-methods', owner.headers)).json();
    for (const [payload, message] of cases) {
      const reply = await inject('PUT', '/api/admin/payment-methods', owner.headers, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect((await inject('GET', '/api/admin/payment-methods', owner.headers)).json()).toEqual(
      before,
    );
  });

  it('an admin sees methods and health; only the owner changes them; a player neither', async () => {
    const seen = await inject('GET', '/api/admin/payment-methods', admin.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().canEdit).toBe(false);
    expect((await inject('GET', '/api/admin/payment-methods', owner.headers)).json().canEdit).toBe(
      true,
    );
    const change = { methods: [{ provider: 'yookassa', id: 'sbp', enabled: false }] };
    expect(
      (await inject('PUT', '/api/admin/payment-methods', admin.headers, change)).statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/admin/payment-methods', player.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await inject('GET', '/api/payments/methods', {} as Account['headers'])).statusCode,
    ).toBe(401);
  });

  it('a provider whose API fails is hidden with a note until it answers again', async () => {
    world.yookassa.fake.failNext(3, '500');
    const failed = await inject('POST', '/api/payments/create', player.headers, {
      amount: 100,
      method: 'yookassa',
      paymentSystemId: 'bank_card',
      email: 'player@example.com',
    });
    expect(failed.statusCode).toBe(502);

    const admin = adminPaymentMethodsSchema.parse(
      (await inject('GET', '/api/admin/payment-methods', owner.headers)).json(),
    );
    const health = admin.providers.find((provider) => provider.id === 'yookassa')?.health;
    expect(health).toMatchObject({ failing: true });
    expect(health?.lastErrorAt).not.toBeNull();
    expect(health?.lastError).toBeTruthy();
    expect(health?.lastError).not.toContain(world.shop.config.yookassa!.secretKey);

    const hidden = await dialog();
    expect(keys(hidden.methods).some((key) => key.startsWith('yookassa:'))).toBe(false);
    expect(hidden.unavailable).toEqual([
      {
        provider: 'yookassa',
        name: 'ЮKassa',
        note: 'Оплата через ЮKassa временно недоступна: платёжная система не отвечает. Выберите другой способ или попробуйте позже.',
      },
    ]);

    // The minute's probe reaches it: it answers, and its methods are offered again.
    await world.shop.app.paymentMethods.probeFailing();
    const back = await dialog();
    expect(back.unavailable).toEqual([]);
    expect(keys(back.methods)).toContain('yookassa:bank_card');
    const healthy = adminPaymentMethodsSchema
      .parse((await inject('GET', '/api/admin/payment-methods', owner.headers)).json())
      .providers.find((provider) => provider.id === 'yookassa')?.health;
    expect(healthy).toMatchObject({ failing: false });
    expect(healthy?.lastSuccessAt).not.toBeNull();
  });
});
