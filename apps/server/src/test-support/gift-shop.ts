import type { LightMyRequestResponse } from 'fastify';
import type { FakeSteamPlayer } from '../integrations/steam/fake-steam-api';
import { createUsersRepository } from '../modules/users/users-repository';
import { startFakeSteam, type FakeSteam } from './fake-steam';
import { addProduct, fund, startGameShop, type GameShop } from './shop-fixtures';
import { createAccount } from './sign-in';

type Account = Awaited<ReturnType<typeof createAccount>>;

export interface GiftShop extends GameShop {
  steam: FakeSteam;
  /** Funded with 5000 ₽; named with quotes, a line break and chat tags, as Steam allows. */
  buyer: Account;
  secondBuyer: Account;
  /** A 250 ₽ rifle sold for every server. */
  rifle: number;
  lookUp: (
    query: string,
    headers?: Record<string, string> | null,
  ) => Promise<LightMyRequestResponse>;
  purchase: (
    who: { headers: Record<string, string> },
    body: Record<string, unknown>,
  ) => Promise<LightMyRequestResponse>;
}

/**
 * The setup the gift tests share: Steam's Web API stand-in knowing `players` (besides the demo
 * accounts), a simulated game server with `online` players in it, and two funded buyers.
 */
export async function startGiftShop(
  players: FakeSteamPlayer[],
  online: Array<{ steamId: string; name: string }> = [],
): Promise<GiftShop> {
  const steam = await startFakeSteam();
  steam.players.push(...players);
  const world = await startGameShop({
    env: { STEAM_API_URL: steam.apiUrl, STEAM_API_KEY: 'test-key' },
    sim: { players: online },
  });
  const { shop, serverId } = world;
  const buyer = await createAccount(shop.app, shop.config, 'player');
  // The in-game notice must stay one argument whatever the buyer's name holds.
  await createUsersRepository(shop.app.db).upsertFromSteam({
    steamId: buyer.steamId,
    username: 'Kolya "Tank"\n<size=90>',
    avatar: null,
    isAdmin: undefined,
  });
  const secondBuyer = await createAccount(shop.app, shop.config, 'player');
  await fund(shop, buyer.id, 5000);
  await fund(shop, secondBuyer.id, 5000);
  const rifle = await addProduct(shop, world.admin.headers, {
    name: 'Калаш',
    gameItemName: 'rifle.ak',
    category: 'weapons',
    price: 250,
  });
  await shop.app.servers.monitor.pollOne(serverId);
  return {
    ...world,
    steam,
    buyer,
    secondBuyer,
    rifle,
    lookUp: (query, headers = buyer.headers) =>
      shop.app.inject({
        url: `/api/gifts/recipient?query=${encodeURIComponent(query)}`,
        ...(headers ? { headers } : {}),
      }),
    purchase: (who, body) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() },
        payload: { serverId, quantity: 1, ...body },
      }),
    async close() {
      await world.close();
      await steam.close();
    },
  };
}
