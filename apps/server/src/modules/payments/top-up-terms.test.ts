import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyShop, type MoneyShop } from '../../test-support/money-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/** The owner's bonus percent and limits: what the dialog states is what the ledger credits. */
describe('top-up terms from the settings', () => {
  let money: MoneyShop;
  let admin: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    money = await startMoneyShop();
    admin = await createAccount(money.shop.app, money.shop.config, 'admin');
  });
  afterAll(() => money?.close());

  const setTerms = async (topUp: Record<string, number>) => {
    const reply = await money.shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin.headers,
      payload: { topUp },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const create = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    money.shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers,
      payload: { method: 'kassa', email: 'player@example.com', ...payload },
    });

  it('a 15 % bonus on 1 000 ₽ credits 1 150 ₽, and the ledger says 15 %', async () => {
    await setTerms({ bonusPercent: 15 });
    const player = await createAccount(money.shop.app, money.shop.config);
    const reply = await create(player.headers, { amount: 1000, bonusPercent: 15 });
    expect(reply.statusCode, reply.body).toBe(200);
    await payThroughPage(reply.json().url);
    const profile = await money.shop.app.inject({
      url: '/api/auth/profile',
      headers: player.headers,
    });
    expect(profile.json().balance).toBe(1150);
    const rows = await queryRows<{ kind: string; amount: number; description: string }>(
      money.shop.app.db,
      sql`select kind, amount_kopecks::int as amount, description from transactions
          where user_id = ${player.id} order by id`,
    );
    expect(rows).toEqual([
      { kind: 'topup', amount: 100_000, description: 'Пополнение баланса' },
      { kind: 'bonus', amount: 15_000, description: 'Бонус 15% к пополнению' },
    ]);
  });

  it('a dialog that showed another percent gets 409 and opens no payment', async () => {
    await setTerms({ bonusPercent: 20 });
    const player = await createAccount(money.shop.app, money.shop.config);
    const reply = await create(player.headers, { amount: 1000, bonusPercent: 15 });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toContain('теперь 20%');
    const opened = await queryRows<{ n: number }>(
      money.shop.app.db,
      sql`select count(*)::int as n from payments where user_id = ${player.id}`,
    );
    expect(opened[0]?.n).toBe(0);
  });

  it('the limits are the owner’s: below the minimum or above the maximum is refused', async () => {
    await setTerms({ min: 50, max: 500 });
    const player = await createAccount(money.shop.app, money.shop.config);
    const low = await create(player.headers, { amount: 49 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('Сумма должна быть не менее 50 рублей');
    const high = await create(player.headers, { amount: 501 });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe('Сумма не должна превышать 500 рублей');
    expect((await create(player.headers, { amount: 500 })).statusCode).toBe(200);
  });
});
