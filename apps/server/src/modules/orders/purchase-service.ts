import { kopecksToRoubles } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { createCartRepository } from '../cart/cart-repository';
import { createProductsRepository } from '../products/products-repository';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import type { UserRow } from '../users/users-repository';

/** Who buys: the signed-in account (its Steam id never changes). */
type Buyer = Pick<UserRow, 'id' | 'steamId'>;
import { placeOrder } from './place-order';
import { checkLine, checkServer, PURCHASE_MESSAGES, type PurchaseLine } from './purchase-rules';

/** Buying one product or the whole cart: checks, one transaction, then the delivery worker is woken. */
export function createPurchaseService(app: FastifyInstance) {
  const products = createProductsRepository(app.db);
  const servers = createServersRepository(app.db);

  async function commit(
    buyer: Buyer,
    server: ServerRow,
    buildLines: (tx: Db) => Promise<PurchaseLine[]>,
  ) {
    const placed = await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const lines = await buildLines(tx);
      if (lines.length === 0) throw badRequest(PURCHASE_MESSAGES.emptyCart);
      const order = await placeOrder(tx, buyer, server, lines);
      if (!order) throw badRequest(PURCHASE_MESSAGES.insufficientFunds);
      return { order, lines };
    });
    const balance = kopecksToRoubles(placed.order.balanceKopecks);
    app.realtime.toUser(buyer.id, 'balanceUpdate', { balance });
    // Plugin deliveries wait for the game's plugin; only RCON ones need the worker now.
    if (server.isPluginEnabled !== 1) void app.delivery.worker.kick();
    return { ...placed, server, balance };
  }

  return {
    async buyProduct(
      buyer: Buyer,
      input: { productId: number; serverId: number; quantity: number },
    ) {
      const server = checkServer(await servers.findById(input.serverId));
      const line = checkLine(
        await products.findById(input.productId),
        input.quantity,
        server,
        buyer.id,
      );
      const placed = await commit(buyer, server, async () => [line]);
      return {
        success: true as const,
        orderId: placed.order.orderId,
        balance: placed.balance,
        message: `${line.product.name} × ${line.quantity} будет выдан на сервере ${server.name}.`,
      };
    },

    async buyCart(buyer: Buyer, serverId: number) {
      const server = checkServer(await servers.findById(serverId));
      const placed = await commit(buyer, server, async (tx) => {
        const rows = await createCartRepository(tx).take(buyer.id);
        return rows.map((row) => checkLine(row.product, row.quantity, server, buyer.id));
      });
      return {
        success: true as const,
        orderId: placed.order.orderId,
        balance: placed.balance,
        message: `Товары будут выданы на сервере ${placed.server.name}.`,
      };
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
