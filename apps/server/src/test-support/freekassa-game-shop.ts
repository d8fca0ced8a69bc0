import type { FakeFreekassaServer } from '../integrations/freekassa/fake-freekassa-server';
import { listenOnLoopback } from '../integrations/payments/loopback-server';
import { merchantFreekassaEnv, startMerchantFreekassa } from './money-shop';
import { startGameShop, type GameShop } from './shop-fixtures';

/**
 * A game shop whose top-ups go through FreeKassa's stand-in, listening on loopback so the stand-in's
 * notifications reach it: the setup of the tests that pay, reverse and hold.
 */
export async function startFreekassaGameShop(
  options: Parameters<typeof startGameShop>[0] = {},
): Promise<{ world: GameShop; provider: FakeFreekassaServer; url: string }> {
  let url = '';
  const provider = await startMerchantFreekassa(() => url);
  const world = await startGameShop({
    ...options,
    env: { ...merchantFreekassaEnv(provider), ...options.env },
  });
  url = await listenOnLoopback(world.shop.app);
  return { world, provider, url };
}
