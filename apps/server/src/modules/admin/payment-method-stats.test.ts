import { paymentMethodStatsSchema } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughPage } from '../../test-support/provider-page';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';

type Account = Awaited<ReturnType<typeof createAccount>>;

/** «Платежи по способам»: the overview counts top-ups per provider and method, as they happened. */
describe('payment statistics by provider and method', () => {
  let world: ProviderShop;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    world = await startProviderShop();
    admin = await createAccount(world.shop.app, world.shop.config, 'admin');
    player = await createAccount(world.shop.app, world.shop.config);
  });
  afterAll(() => world?.close());

  const create = async (amount: number, method: string, paymentSystemId: string) => {
    const reply = await world.shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: { amount, method, paymentSystemId, email: 'player@example.com' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ url: string; orderId: string }>();
  };

  it('counts opened, paid, money, bonus and reversals per method', async () => {
    // FreeKassa by card: two opened, one paid and then reversed by an admin.
    const card = await create(1000, 'freekassa', 'card');
    await payThroughPage(card.url);
    await create(200, 'freekassa', 'card');
    const reversed = await world.shop.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${card.orderId}/reverse`,
      headers: admin.headers,
      payload: { reason: 'Возврат по просьбе игрока' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    // YooKassa by SBP: paid, notified as YooKassa does.
    await create(500, 'yookassa', 'sbp');
    const yk = world.yookassa.fake.all().at(-1)!;
    world.yookassa.fake.succeed(yk.id);
    expect((await world.yookassa.fake.notify('payment.succeeded', yk.id)).status).toBe(200);

    // Crypto Pay: paid in TON.
    await create(300, 'cryptopay', 'crypto');
    const invoice = world.cryptopay.fake.invoices().at(-1)!;
    world.cryptopay.fake.pay(invoice.invoice_id, 'TON');
    expect((await world.cryptopay.fake.notify(invoice.invoice_id)).status).toBe(200);

    const reply = await world.shop.app.inject({
      url: '/api/admin/payment-stats/methods',
      headers: admin.headers,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const stats = paymentMethodStatsSchema.parse(reply.json());
    expect(stats.days).toBe(30);
    const row = (provider: string, method: string) =>
      stats.methods.find((item) => item.provider === provider && item.method === method);
    expect(row('freekassa', 'card')).toEqual({
      provider: 'freekassa',
      providerName: 'FreeKassa',
      method: 'card',
      name: 'Банковская карта',
      opened: 2,
      paid: 1,
      paidAmount: 1000,
      bonus: 100,
      reversed: 1,
      reversedAmount: 1100,
    });
    expect(row('yookassa', 'sbp')).toMatchObject({
      providerName: 'ЮKassa',
      name: 'СБП',
      opened: 1,
      paid: 1,
      paidAmount: 500,
      bonus: 50,
      reversed: 0,
    });
    expect(row('cryptopay', 'crypto')).toMatchObject({
      opened: 1,
      paid: 1,
      paidAmount: 300,
      bonus: 30,
    });
    // The method that took the most money comes first.
    expect(stats.methods[0]?.method).toBe('card');
  });

  it('is for staff who handle money', async () => {
    const moderator = await createAccount(world.shop.app, world.shop.config, 'moderator');
    const refused = await world.shop.app.inject({
      url: '/api/admin/payment-stats/methods',
      headers: moderator.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
