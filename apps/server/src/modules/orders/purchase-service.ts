import { kopecksToRoubles } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { createCartRepository } from '../cart/cart-repository';
import { createProductsRepository } from '../products/products-repository';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import type { UserRow } from '../users/users-repository';
import { placeOrder } from './place-order';
import { checkLine, checkServer, PURCHASE_MESSAGES, type PurchaseLine } from './purchase-rules';

/** Who buys: the signed-in account (its Steam id never changes). */
type Buyer = Pick<UserRow, 'id' | 'steamId'>;

export interface PurchaseReply {
  success: true;
  orderId: string;
  balance: number;
  message: string;
}

/**
 * Buying one product or the whole cart, in the caller's transaction (the money call's, which also
 * holds its Idempotency-Key). `announce` runs after commit: the live balance and the delivery worker.
 */
export function createPurchaseService(app: FastifyInstance) {
  async function place(
    tx: Db,
    buyer: Buyer,
    server: ServerRow,
    lines: PurchaseLine[],
  ): Promise<{ orderId: string; balance: number }> {
    if (lines.length === 0) throw badRequest(PURCHASE_MESSAGES.emptyCart);
    const order = await placeOrder(tx, buyer, server, lines);
    if (!order) throw badRequest(PURCHASE_MESSAGES.insufficientFunds);
    return { orderId: order.orderId, balance: kopecksToRoubles(order.balanceKopecks) };
  }

  return {
    async buyProduct(
      tx: Db,
      buyer: Buyer,
      input: { productId: number; serverId: number; quantity: number },
    ): Promise<PurchaseReply> {
      const server = checkServer(await createServersRepository(tx).findById(input.serverId));
      const line = checkLine(
        await createProductsRepository(tx).findById(input.productId),
        input.quantity,
        server,
        buyer.id,
      );
      const placed = await place(tx, buyer, server, [line]);
      return {
        success: true,
        ...placed,
        message: `${line.product.name} × ${line.quantity} будет выдан на сервере ${server.name}.`,
      };
    },

    async buyCart(tx: Db, buyer: Buyer, serverId: number): Promise<PurchaseReply> {
      const server = checkServer(await createServersRepository(tx).findById(serverId));
      const rows = await createCartRepository(tx).take(buyer.id);
      const lines = rows.map((row) => checkLine(row.product, row.quantity, server, buyer.id));
      const placed = await place(tx, buyer, server, lines);
      return {
        success: true,
        ...placed,
        message: `Товары будут выданы на сервере ${server.name}.`,
      };
    },

    /** After commit: the buyer's tabs see the new balance, and RCON deliveries start now. */
    announce(buyerId: number, reply: PurchaseReply) {
      app.realtime.toUser(buyerId, 'balanceUpdate', { balance: reply.balance });
      void app.delivery.worker.kick();
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
