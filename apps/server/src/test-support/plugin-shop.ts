import type { PluginJob } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/execute';
import { createPluginSigner, pluginKeyOf, type PluginSigner } from './plugin-signer';
import { orderOf } from './purchase-rows';
import { addProduct, fund, startGameShop, type GameShop } from './shop-fixtures';
import { createAccount } from './sign-in';

export interface Lease {
  jobs: PluginJob[];
  leaseSeconds: number;
  inProgress: number;
}

export interface OrderView {
  id: string;
  status: string;
  isDelivered: boolean;
  delivery: { status: string; reason: string | null; method: string };
}

export interface PluginShop extends GameShop {
  /** The plugin of the shop's plugin server. */
  plugin: PluginSigner;
  player: Awaited<ReturnType<typeof createAccount>>;
  /** A purchase of a new product on the plugin server; the order's id. */
  buy(product: Record<string, unknown>, quantity?: number): Promise<string>;
  /** The player's jobs, leased by `signer` (this server's plugin unless another is given). */
  lease(manual?: boolean, signer?: PluginSigner): Promise<Lease>;
  /** A signed report or request that must be accepted: its verified reply body. */
  report<T = unknown>(path: string, body: unknown, signer?: PluginSigner): Promise<T>;
  job(id: string): Promise<{ status: string; given: number; saved: number; progress: number }>;
  order(orderId: string): Promise<OrderView | undefined>;
}

/**
 * A shop with one plugin server (online through the simulator), its plugin as the test signer, and
 * a funded player: the setup the plugin API's tests share.
 */
export async function startPluginShop(steamId: string): Promise<PluginShop> {
  const world = await startGameShop({ server: { name: 'Plugin', isPluginEnabled: 1 } });
  const { shop, admin, serverId } = world;
  const plugin = createPluginSigner(shop.app, await pluginKeyOf(shop.app, admin.headers, serverId));
  const player = await createAccount(shop.app, shop.config, 'player', steamId);
  await fund(shop, player.id, 10_000);

  async function report<T>(path: string, body: unknown, signer = plugin): Promise<T> {
    const reply = await signer.send<T>(path, body);
    if (reply.status !== 200 || !reply.signed) {
      throw new Error(`${path}: ${reply.status} ${reply.text}`);
    }
    return reply.body!;
  }

  return {
    ...world,
    plugin,
    player,
    async buy(product, quantity = 1) {
      const productId = await addProduct(shop, admin.headers, product);
      return orderOf(shop.app, player.headers, { productId, serverId, quantity });
    },
    lease: (manual = true, signer = plugin) =>
      report<Lease>('/jobs/lease', { steamId: player.steamId, manual }, signer),
    report,
    async job(id) {
      const [row] = await queryRows<{
        status: string;
        given: number;
        saved: number;
        progress: number;
      }>(
        shop.app.db,
        sql`select status, given_amount as given, saved_amount as saved, progress
            from delivery_jobs where id = ${id}`,
      );
      if (!row) throw new Error(`no job ${id}`);
      return row;
    },
    async order(orderId) {
      const orders = await shop.app.inject({ url: '/api/orders', headers: player.headers });
      return orders.json<OrderView[]>().find((order) => order.id === orderId);
    },
  };
}
