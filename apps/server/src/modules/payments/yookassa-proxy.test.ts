import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOOKASSA_NOTIFY_ADDRESSES } from '../../integrations/yookassa/yookassa-provider';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';

/**
 * Behind a reverse proxy (TRUSTED_PROXY), YooKassa's address is the one the proxy forwards, read
 * as FreeKassa's is, and checked against YooKassa's published list.
 */
let money: ProviderShop;
let player: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  money = await startProviderShop({
    TRUSTED_PROXY: '127.0.0.1',
    YOOKASSA_ALLOWED_IPS: YOOKASSA_NOTIFY_ADDRESSES.join(','),
  });
  player = await createAccount(money.shop.app, money.shop.config);
});
afterAll(() => money?.close());

const app = () => money.shop.app;
const statusOf = async (orderId: string) =>
  (
    await queryRows<{ status: string }>(
      app().db,
      sql`select status from payments where id = ${orderId}`,
    )
  )[0]?.status;

describe('YooKassa behind a trusted proxy', () => {
  it("credits from YooKassa's forwarded address and refuses anyone else's", async () => {
    const created = await app().inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: player.headers,
      payload: { amount: 300, method: 'yookassa', paymentSystemId: 'sbp', email: 'p@x.ru' },
    });
    const { orderId } = created.json<{ orderId: string }>();
    const [row] = await queryRows<{ provider_id: string }>(
      app().db,
      sql`select provider_id from payments where id = ${orderId}`,
    );
    money.yookassa.fake.succeed(row!.provider_id);
    const body = money.yookassa.fake.notificationBody('payment.succeeded', row!.provider_id);
    const post = (forwarded: string, remoteAddress = '127.0.0.1') =>
      app().inject({
        method: 'POST',
        url: '/api/payments/yookassa/notify',
        remoteAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
        payload: JSON.stringify(body),
      });
    // The proxy itself is not YooKassa, nor is what it forwards for someone else.
    expect((await post('203.0.113.7')).statusCode).toBe(400);
    // A peer that is not the trusted proxy cannot vouch for YooKassa's address.
    expect((await post('185.71.76.10', '198.51.100.1')).statusCode).toBe(400);
    expect(await statusOf(orderId)).toBe('pending');
    expect((await post('185.71.76.10')).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('paid');
  });
});
