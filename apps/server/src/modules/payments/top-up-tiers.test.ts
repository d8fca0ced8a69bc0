import {
  kopecksToRoubles,
  publicSiteSchema,
  roublesToKopecks,
  topUpBonus,
  paymentMethodsReplySchema,
  waitingPromoSchema,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoneyShop, type MoneyShop } from '../../test-support/money-shop';
import { payThroughPage } from '../../test-support/provider-page';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

type Account = Awaited<ReturnType<typeof createAccount>>;

/**
 * Bonus tiers, the first top-up's bonus and a promo code: each top-up credits exactly the bonus
 * the dialog previewed, computed as the dialog computes it from what the shop tells it (the
 * settings, the waiting code, whether this is the player's first top-up), and the ledger names
 * the rule that applied.
 */
describe('top-up bonus tiers', () => {
  let money: MoneyShop;
  let admin: Account;
  const nbsp = (text: string) => text.replace(/\s/g, ' ');

  beforeAll(async () => {
    money = await startMoneyShop();
    admin = await createAccount(money.shop.app, money.shop.config, 'owner');
    const put = await money.shop.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: admin.headers,
      payload: {
        topUp: {
          bonusPercent: 10,
          firstTopUpPercent: 5,
          tiers: [
            { from: 3000, percent: 20 },
            { from: 1000, percent: 15 },
          ],
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const promo = await money.shop.app.inject({
      method: 'POST',
      url: '/api/admin/promocodes',
      headers: admin.headers,
      payload: { code: 'TIER-10', discount: 10, type: 'percentage', usageLimit: 100 },
    });
    expect(promo.statusCode, promo.body).toBe(201);
  });
  afterAll(() => money?.close());

  const get = async (url: string, headers?: Account['headers']) => {
    const reply = await money.shop.app.inject({ url, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };

  /** What the dialog shows for this amount: the shared rule over what the shop tells it. */
  async function dialogPreview(player: Account, amount: number) {
    const { topUp } = publicSiteSchema.parse(await get('/api/site'));
    const { promo } = waitingPromoSchema.parse(
      await get('/api/promocodes/waiting', player.headers),
    );
    const methods = paymentMethodsReplySchema.parse(
      await get('/api/payments/methods', player.headers),
    );
    return topUpBonus(roublesToKopecks(amount), topUp, {
      firstTopUp: methods.firstTopUp,
      promoPercent: promo?.percent ?? 0,
    });
  }

  async function topUp(player: Account, amount: number) {
    const shown = await dialogPreview(player, amount);
    const reply = await money.shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: {
        amount,
        method: 'kassa',
        email: 'player@example.com',
        bonusPercent: shown.percent,
        expectedBonus: kopecksToRoubles(shown.totalKopecks),
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await payThroughPage(reply.json().url);
    const [bonus] = await queryRows<{ amount: number; description: string }>(
      money.shop.app.db,
      sql`select amount_kopecks::int as amount, description from transactions
          where payment_id = ${reply.json().orderId} and kind = 'bonus'`,
    );
    return { shown, credited: bonus?.amount ?? 0, description: nbsp(bonus?.description ?? '') };
  }

  const activate = async (player: Account) => {
    const reply = await money.shop.app.inject({
      method: 'POST',
      url: '/api/promocodes/activate',
      headers: player.headers,
      payload: { code: 'TIER-10' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };

  it('999 ₽ as a first top-up with a code: base 10 % + 5 % first + 10 % code', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    await activate(player);
    const result = await topUp(player, 999);
    // 99 + 49 + 99 ₽, each part rounded down on its own.
    expect(result.shown.totalKopecks).toBe(24_700);
    expect(result.credited).toBe(result.shown.totalKopecks);
    expect(result.description).toBe('Бонус 10% + 5% за первое пополнение + промокод 10%');

    // The next one, 1 000 ₽, reaches the first tier; the first-top-up bonus and the code are spent.
    const second = await topUp(player, 1000);
    expect(second.shown.totalKopecks).toBe(15_000);
    expect(second.credited).toBe(15_000);
    expect(second.description).toBe('Бонус 15% (от 1 000 ₽)');
    const profile = await get('/api/auth/profile', player.headers);
    expect(profile.balance).toBe(999 + 247 + 1000 + 150);
  });

  it('1 000 ₽ with a code, not the first: the tier replaces the base, the code adds', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    await topUp(player, 10);
    await activate(player);
    const result = await topUp(player, 1000);
    expect(result.shown.totalKopecks).toBe(25_000);
    expect(result.credited).toBe(25_000);
    expect(result.description).toBe('Бонус 15% (от 1 000 ₽) + промокод 10%');
  });

  it('3 000 ₽ first top-up with a code: 20 % + 5 % + 10 %', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    await activate(player);
    const result = await topUp(player, 3000);
    expect(result.shown.totalKopecks).toBe(105_000);
    expect(result.credited).toBe(105_000);
    expect(result.description).toBe(
      'Бонус 20% (от 3 000 ₽) + 5% за первое пополнение + промокод 10%',
    );
  });

  it('a dialog whose preview no longer holds gets 409 and opens nothing', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    const reply = await money.shop.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      // It showed the base 10 % for 3 000 ₽ without the first top-up's 5 %.
      payload: { amount: 3000, method: 'kassa', email: 'p@example.com', expectedBonus: 300 },
    });
    expect(reply.statusCode).toBe(409);
    expect(nbsp(reply.json().message)).toBe(
      'Бонус к пополнению изменился: теперь 20% (от 3 000 ₽) + 5% за первое пополнение, это 750 ₽. Проверьте сумму и подтвердите пополнение ещё раз.',
    );
    const [opened] = await queryRows<{ n: number }>(
      money.shop.app.db,
      sql`select count(*)::int as n from payments where user_id = ${player.id}`,
    );
    expect(opened?.n).toBe(0);
  });

  it('two top-ups opened as first: whichever is credited first gets the first-top-up bonus', async () => {
    const player = await createAccount(money.shop.app, money.shop.config);
    const open = async () => {
      const shown = await dialogPreview(player, 500);
      expect(shown.firstKopecks).toBe(2_500);
      const reply = await money.shop.app.inject({
        method: 'POST',
        url: '/api/payments/create',
        headers: player.headers,
        payload: { amount: 500, method: 'kassa', email: 'p@example.com' },
      });
      return reply.json().url as string;
    };
    const [one, two] = [await open(), await open()];
    await Promise.all([payThroughPage(one), payThroughPage(two)]);
    const bonuses = await queryRows<{ amount: number }>(
      money.shop.app.db,
      sql`select amount_kopecks::int as amount from transactions
          where user_id = ${player.id} and kind = 'bonus' order by amount_kopecks`,
    );
    expect(bonuses.map((row) => row.amount)).toEqual([5_000, 7_500]);
  });
});
