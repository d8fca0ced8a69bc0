import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMessengerShop,
  STAFF_CHAT,
  type MessengerShop,
} from '../../test-support/messenger-shop';
import { createAccount } from '../../test-support/sign-in';
import { createPartialRefunds } from '../payments/partial-refunds';

/**
 * Staff who hear of chargebacks hear of a partial refund too: the balance did not change, so
 * someone must decide. Once per refunded sum: found again it is not news, a second refund is.
 */
let world: MessengerShop;
beforeAll(async () => {
  world = await startMessengerShop();
});
afterAll(() => world?.close());

const app = () => world.app();
const staffTexts = () => world.telegram.state.sent(STAFF_CHAT).map((m) => m.text);

describe('a partial refund in the staff chat', () => {
  it('is told once per refunded sum, with the player and both amounts', async () => {
    await world.addDestination('telegram', String(STAFF_CHAT), ['chargeback']);

    const player = await createAccount(app(), world.shop.config);
    const payment = await app().db.transaction((tx) =>
      app().payments.open(tx, player.id, { amount: 800, method: 'kassa', email: 'p@example.ru' }),
    );
    await app().payments.credit(payment.id, `provider-${payment.id}`);
    const refunds = createPartialRefunds(app().db);
    const report = (refunded: number) =>
      refunds.record({
        paymentId: payment.id,
        userId: player.id,
        provider: 'freekassa',
        amountKopecks: 80_000,
        refundedKopecks: refunded,
      });

    expect(await report(20_000)).toBe(true);
    await app().notifications.flush();
    await app().notifications.flush();
    expect(await report(20_000)).toBe(false);
    await app().notifications.flush();
    expect(staffTexts()).toHaveLength(1);
    expect(staffTexts()[0]).toContain('Частичный возврат');
    expect(staffTexts()[0]).toContain('200 ₽');
    expect(staffTexts()[0]).toContain('800 ₽');

    // Each news is in the very next scan, even one written in that scan's own millisecond.
    for (const [n, roubles] of [500, 600, 700].entries()) {
      expect(await report(roubles * 100)).toBe(true);
      await app().notifications.flush();
      expect(staffTexts()).toHaveLength(n + 2);
      expect(staffTexts()[n + 1]).toContain(`${roubles} ₽`);
    }
  });
});
