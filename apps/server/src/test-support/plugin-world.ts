import { fileURLToPath } from 'node:url';
import {
  startStandIn,
  type InventoryItemInit,
  type StandIn,
  type StandInMode,
} from '@shop/plugin-stand-in';
import { eq } from 'drizzle-orm';
import { deliveryJobs } from '../db/schema/index';
import { startDroppingProxy, type DroppingProxy } from './dropping-proxy';
import { addProduct, fund, startGameShop, type GameShop } from './shop-fixtures';
import { pluginKeyOf } from './plugin-signer';
import { orderOf } from './purchase-rows';
import { createAccount } from './sign-in';
import { waitUntil } from './wait-until';

/** The plugin exactly as an owner installs it. */
export const PLUGIN_PATH = fileURLToPath(
  new URL('../../../../plugins/oxide/RustShopStore.cs', import.meta.url),
);

/**
 * The platform whose rules a test runs under when it names none: Oxide, or Carbon with
 * PLUGIN_STAND_IN_MODE=carbon, so the whole in-game suite can be run under each.
 */
export const STAND_IN_MODE: StandInMode =
  process.env.PLUGIN_STAND_IN_MODE === 'carbon' ? 'carbon' : 'oxide';

type Account = Awaited<ReturnType<typeof createAccount>>;

/**
 * An inventory whose every slot holds one rock (a stack of one) but `free` slots at the end of the
 * main inventory: what a player who has `free` empty slots carries.
 */
export const rocksLeaving = (free: number): InventoryItemInit[] =>
  Array.from({ length: 30 - free }, (_, slot) => ({
    shortname: 'rock',
    amount: 1,
    container: slot < 24 - free ? 'main' : 'belt',
  }));

export interface PluginWorld extends GameShop {
  standIn: StandIn;
  key: string;
  /** Between the plugin and the shop: can lose the replies of chosen requests. */
  proxy: DroppingProxy;
  /** A player with a funded balance, online in the game unless `online` is false. */
  player(options?: { online?: boolean; steamId?: string }): Promise<Account>;
  /** An admin's product and a player's purchase of it on the plugin server; the order's id. */
  buy(player: Account, product: Record<string, unknown>, quantity?: number): Promise<string>;
  /** A player's purchase of an existing product on the plugin server; the order's id. */
  purchase(player: Account, productId: number, quantity: number): Promise<string>;
  jobsOf(orderId: string): Promise<Array<typeof deliveryJobs.$inferSelect>>;
  /** The order as its buyer sees it. */
  order(player: Account, orderId: string): Promise<{ status: string; isDelivered: boolean }>;
  /** A player joins and the round the plugin starts for them has been answered. */
  join(steamId: string): Promise<void>;
  /** How many of an item a player holds in the stand-in's main inventory and belt. */
  holds(steamId: string, shortname: string): Promise<number>;
}

let players = 0;

/**
 * A plugin server as it runs for real: the shop on a loopback port (its game server online through the
 * simulator's RCON, as the monitor sees it), and the unmodified plugin compiled by Mono and loaded in
 * the game stand-in, configured with the server's key and talking to the shop through a proxy.
 */
export async function startPluginWorld(
  options: {
    mode?: StandInMode;
    config?: Record<string, unknown>;
    /** Permission groups the game server has besides default and admin. */
    groups?: string[];
    app?: NonNullable<Parameters<typeof startGameShop>[0]>['app'];
    env?: Record<string, string>;
  } = {},
): Promise<PluginWorld> {
  const world = await startGameShop({
    server: { name: 'Plugin', isPluginEnabled: 1 },
    app: options.app,
    env: options.env,
  });
  const { shop, admin, serverId } = world;
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the shop has no port');
  const proxy = await startDroppingProxy({ host: '127.0.0.1', port: address.port });
  const key = await pluginKeyOf(shop.app, admin.headers, serverId);
  const standIn = await startStandIn({
    pluginPath: PLUGIN_PATH,
    mode: options.mode ?? STAND_IN_MODE,
    groups: options.groups,
    config: {
      ShopApiUrl: `${proxy.url}/api/plugin/v2`,
      ServerKey: key,
      StoreCooldownSeconds: 0,
      RequestTimeoutSeconds: 5,
      ...options.config,
    },
  });

  const purchase: PluginWorld['purchase'] = (player, productId, quantity) =>
    orderOf(shop.app, player.headers, { productId, serverId, quantity });

  return {
    ...world,
    standIn,
    key,
    proxy,
    async player({ online = true, steamId } = {}) {
      players += 1;
      const id = steamId ?? `7656119${String(9_100_000_000 + players).padStart(10, '0')}`;
      const account = await createAccount(shop.app, shop.config, 'player', id);
      await fund(shop, account.id, 100_000);
      if (online) await standIn.connect(id, `Player ${players}`);
      return account;
    },
    async buy(player, product, quantity = 1) {
      const productId = await addProduct(shop, admin.headers, { price: 10, ...product });
      return purchase(player, productId, quantity);
    },
    purchase,
    jobsOf: (orderId) =>
      shop.app.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderId)),
    async order(player, orderId) {
      const reply = await shop.app.inject({ url: '/api/orders', headers: player.headers });
      const orders = reply.json<Array<{ id: string; status: string; isDelivered: boolean }>>();
      return orders.find((order) => order.id === orderId)!;
    },
    async join(steamId) {
      const before = standIn.httpRequests().length;
      await standIn.connect(steamId, 'Player');
      await waitUntil(
        () =>
          standIn
            .httpRequests()
            .slice(before)
            .some((request) => request.url.endsWith('/jobs/lease')),
        { what: `the round for ${steamId} who joined` },
      );
    },
    async holds(steamId, shortname) {
      const items = await standIn.inventory(steamId);
      return items
        .filter((item) => item.shortname === shortname)
        .reduce((sum, item) => sum + item.amount, 0);
    },
    async close() {
      await standIn.close().catch(() => undefined);
      await proxy.close();
      await world.close();
    },
  };
}
