import { kopecksToRoubles } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../plugins/errors';
import { createCartRepository } from '../cart/cart-repository';
import { createProductsRepository } from '../products/products-repository';
import { readPurchasePricing } from '../sales/purchase-pricing';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { createUsersRepository, type SteamIdentity, type UserRow } from '../users/users-repository';
import { createWipesRepository } from '../wipes/wipes-repository';
import { placeOrder, type GiftTarget } from './place-order';
import {
  checkLine,
  checkServer,
  confirmTotal,
  fundsRefusal,
  priceLine,
  PURCHASE_MESSAGES,
  purchasedMessage,
  type PurchaseLine,
} from './purchase-rules';
import { logBusinessEvent } from '../../lib/business-events';

/** Who buys: the signed-in account (its Steam id never changes). */
type Buyer = Pick<UserRow, 'id' | 'steamId' | 'username'>;

/**
 * A gift in a purchase request: the recipient as found before the transaction (the gifts module
 * asks Steam outside it), and the buyer's note.
 */
export interface GiftRequest {
  recipient: Omit<SteamIdentity, 'isAdmin'>;
  message: string | undefined;
}

export interface PurchaseReply {
  success: true;
  orderId: string;
  balance: number;
  /** What was taken from the balance, in roubles. */
  charged: number;
  message: string;
  /** Set for a gift: who receives it. */
  gift?: { steamId: string; name: string };
}

/**
 * Buying one product or the whole cart, in the caller's transaction (the money call's, which also
 * holds its Idempotency-Key). `announce` runs after commit: the live balance and the delivery worker.
 */
export function createPurchaseService(app: FastifyInstance) {
  /** The recipient's account, made from their Steam name when they never signed in. */
  async function giftTarget(
    tx: Db,
    buyer: Buyer,
    gift: GiftRequest | null,
  ): Promise<(GiftTarget & { name: string }) | null> {
    if (!gift) return null;
    const recipient = await createUsersRepository(tx).ensureFromSteam(gift.recipient);
    return {
      recipient,
      name: recipient.username,
      from: buyer.username,
      message: gift.message || null,
    };
  }

  async function place(
    tx: Db,
    buyer: Buyer,
    server: ServerRow,
    lines: PurchaseLine[],
    gift: GiftRequest | null,
    expectedTotal: number | undefined,
    at?: Date,
  ): Promise<Omit<PurchaseReply, 'success' | 'message'>> {
    if (lines.length === 0) throw badRequest(PURCHASE_MESSAGES.emptyCart);
    const total = lines.reduce((sum, line) => sum + line.costKopecks, 0);
    confirmTotal(expectedTotal, total);
    const target = await giftTarget(tx, buyer, gift);
    const nextWipeAt = app.wipes.nextWipeAt(server, at);
    const order = await placeOrder(tx, buyer, server, lines, target, at, nextWipeAt);
    if (!order) throw await fundsRefusal(tx, buyer.id);
    return {
      orderId: order.orderId,
      balance: kopecksToRoubles(order.balanceKopecks),
      charged: kopecksToRoubles(total),
      ...(target ? { gift: { steamId: target.recipient.steamId, name: target.name } } : {}),
    };
  }

  /** Sales and the server's last wipe as they are in this transaction, at the moment it prices. */
  async function pricingOf(tx: Db, server: ServerRow, at: Date) {
    const lastWipes = await createWipesRepository(tx).lastWipesAt(at, [server.id]);
    return readPurchasePricing(tx, server.id, at, lastWipes);
  }

  const forWhom = (placed: { gift?: { name: string } }) =>
    placed.gift ? ` Подарок для ${placed.gift.name}.` : '';

  return {
    async buyProduct(
      tx: Db,
      buyer: Buyer,
      input: { productId: number; serverId: number; quantity: number; expectedTotal?: number },
      gift: GiftRequest | null = null,
      /** When it was bought, if not now: the demo's history of past purchases. */
      at?: Date,
    ): Promise<PurchaseReply> {
      const server = checkServer(await createServersRepository(tx).findById(input.serverId));
      const checked = checkLine(
        await createProductsRepository(tx).findById(input.productId),
        input.quantity,
        server,
        buyer.id,
      );
      const pricedAt = at ?? new Date();
      const line = priceLine(checked, server, pricedAt, await pricingOf(tx, server, pricedAt));
      const placed = await place(tx, buyer, server, [line], gift, input.expectedTotal, at);
      return {
        success: true,
        ...placed,
        message: `${purchasedMessage(line.product.name, line.quantity, server.name)}${forWhom(placed)}`,
      };
    },

    async buyCart(
      tx: Db,
      buyer: Buyer,
      serverId: number,
      gift: GiftRequest | null = null,
      /** The cart's total the player confirmed, in roubles (absent: nothing compared). */
      expectedTotal?: number,
    ): Promise<PurchaseReply> {
      const server = checkServer(await createServersRepository(tx).findById(serverId));
      const rows = await createCartRepository(tx).take(buyer.id);
      const checked = rows.map((row) => checkLine(row.product, row.quantity, server, buyer.id));
      const pricedAt = new Date();
      const pricing = await pricingOf(tx, server, pricedAt);
      const lines = checked.map((line) => priceLine(line, server, pricedAt, pricing));
      const placed = await place(tx, buyer, server, lines, gift, expectedTotal);
      return {
        success: true,
        ...placed,
        message: `Товары будут выданы на сервере ${server.name}.${forWhom(placed)}`,
      };
    },

    /**
     * The gift part of a purchase request: its recipient looked up before the transaction opens
     * (a never-seen player through Steam), so no transaction waits on Steam.
     */
    async prepareGift(
      buyer: Buyer,
      body: { giftTo?: string | undefined; giftMessage?: string | undefined },
    ): Promise<GiftRequest | null> {
      const recipient = await app.gifts.recipients.prepare(buyer, body.giftTo);
      return recipient ? { recipient, message: body.giftMessage } : null;
    },

    /**
     * After commit: the buyer's tabs see the new balance, a gift's recipient is told, and RCON
     * deliveries start now (`rcon` false: every job waits for the game's plugin, nothing to wake).
     */
    announce(buyerId: number, reply: PurchaseReply, rcon = true) {
      logBusinessEvent(
        app.log,
        'purchase',
        {
          orderId: reply.orderId,
          userId: buyerId,
          amountKopecks: Math.round(reply.charged * 100),
          gift: reply.gift ? reply.gift.steamId : undefined,
        },
        'purchase',
      );
      app.realtime.toUser(buyerId, 'balanceUpdate', { balance: reply.balance });
      if (reply.gift) {
        void app.gifts
          .notifyRecipient(reply.orderId)
          .catch((error: unknown) => app.log.warn({ err: error }, 'gift notice failed'));
      }
      if (rcon) void app.delivery.worker.kick();
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
