import {
  startFakeFreekassa,
  type FakeFreekassaServer,
} from '../integrations/freekassa/fake-freekassa-server';
import { MERCHANT } from './money-shop';
import { startGameShop, type GameShop } from './shop-fixtures';

/**
 * A game shop whose top-ups go through FreeKassa's stand-in, listening on loopback so the stand-in's
 * notifications reach it: the setup of the tests that pay, reverse and hold.
 */
export async function startFreekassaGameShop(
  options: Parameters<typeof startGameShop>[0] = {},
): Promise<{ world: GameShop; provider: FakeFreekassaServer; url: string }> {
  let url = '';
  const provider = await startFakeFreekassa({
    settings: MERCHANT,
    notifyUrl: () => `${url}/api/payments/freekassa/notify`,
    successUrl: () => `${url}/payment-success`,
    failUrl: () => `${url}/payment-cancel`,
  });
  const world = await startGameShop({
    ...options,
    env: {
      FREEKASSA_SHOP_ID: MERCHANT.shopId,
      FREEKASSA_SECRET1: MERCHANT.secret1,
      FREEKASSA_SECRET2: MERCHANT.secret2,
      FREEKASSA_API_KEY: MERCHANT.apiKey,
      FREEKASSA_PAY_URL: provider.payUrl,
      FREEKASSA_API_URL: provider.apiUrl,
      FREEKASSA_ALLOWED_IPS: '127.0.0.1',
      ...options.env,
    },
  });
  await world.shop.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(world.shop.app.server.address() as { port: number }).port}`;
  return { world, provider, url };
}
