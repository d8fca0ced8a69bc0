import { kopecksToRoubles } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest, unauthorized } from '../../plugins/errors';
import { createCartRepository } from '../cart/cart-repository';
import { createProductsRepository } from '../products/products-repository';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { createUsersRepository } from '../users/users-repository';
import { placeOrder } from './place-order';
import { checkLine, checkServer, PURCHASE_MESSAGES, type PurchaseLine } from './purchase-rules';

/** Buying one product or the whole cart: checks, one transaction, then the delivery worker is woken. */
export function createPurchaseService(app: FastifyInstance) {
  const products = createProductsRepository(app.db);
  const servers = createServersRepository(app.db);

  async function commit(
    userId: number,
    server: ServerRow,
    buildLines: (tx: Db) => Promise<PurchaseLine[]>,
    after?: (tx: Db) => Promise<void>,
  ) {
    const placed = await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const user = await createUsersRepository(tx).findById(userId);
      if (!user) throw unauthorized();
      const lines = await buildLines(tx);
      if (lines.length === 0) throw badRequest(PURCHASE_MESSAGES.emptyCart);
      const order = await placeOrder(tx, user, server, lines);
      if (!order) throw badRequest(PURCHASE_MESSAGES.insufficientFunds);
      await after?.(tx);
      return { order, lines };
    });
    const balance = kopecksToRoubles(placed.order.balanceKopecks);
    app.realtime.toUser(userId, 'balanceUpdate', { balance });
    void app.delivery.worker.kick();
    return { ...placed, server, balance };
  }

  return {
    async buyProduct(
      userId: number,
      input: { productId: number; serverId: number; quantity: number },
    ) {
      const server = checkServer(await servers.findById(input.serverId));
      const line = checkLine(
        await products.findById(input.productId),
        input.quantity,
        server,
        userId,
      );
      const placed = await commit(userId, server, async () => [line]);
      return {
        success: true as const,
        orderId: placed.order.orderId,
        balance: placed.balance,
        message: `Покупка успешна! ${line.product.name} × ${line.quantity} будет выдан на сервере ${server.name}.`,
      };
    },

    async buyCart(userId: number, serverId: number) {
      const server = checkServer(await servers.findById(serverId));
      const placed = await commit(
        userId,
        server,
        async (tx) => {
          const rows = await createCartRepository(tx).list(userId);
          return rows.map((row) => checkLine(row.product, row.quantity, server, userId));
        },
        (tx) => createCartRepository(tx).clear(userId),
      );
      return {
        success: true as const,
        orderId: placed.order.orderId,
        balance: placed.balance,
        message: `Покупка успешна! Товары будут выданы на сервере ${placed.server.name}.`,
      };
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
