import { promocodeInputSchema, roublesToKopecks } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { createPartialRefunds } from '../payments/partial-refunds';
import type { AuditActor } from '../audit/audit-log';
import {
  markChatRead,
  sendPlayerMessage,
  sendStaffReply,
  setChatStatus,
} from '../chat/chat-service';
import { createDeliveryRepository } from '../delivery/delivery-repository';
import { createOrdersRepository } from '../orders/orders-repository';
import { refundOrder } from '../orders/refund-order';
import { activatePromocode, createPromocode } from '../promocodes/promocodes-service';
import { createUsersRepository, type UserRow } from '../users/users-repository';

const MINUTE = 60_000;
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

export interface HistoryPlayer {
  steamId: string;
  username: string;
}

/**
 * The demo's past, written the way the shop writes the present: each step goes through the module
 * that owns it (purchases, the ledger, payments, delivery, chat, promo codes, the journal), with
 * the moment it happened passed in instead of now.
 */
export function createHistoryWriter(app: FastifyInstance, staff: UserRow) {
  const users = createUsersRepository(app.db);
  const actor: AuditActor = { id: staff.id, name: staff.username, ip: '127.0.0.1' };
  let providerIds = 40_117_000;

  const balanceOf = async (user: UserRow) => (await users.findById(user.id))?.balanceKopecks ?? 0;

  return {
    actor,
    balanceOf,

    join: (player: HistoryPlayer, at: Date) =>
      users.ensureFromSteam({ ...player, avatar: null }, at),

    /**
     * A top-up opened at `at` and paid a couple of minutes later, bonus and promo included; its id.
     */
    async topUp(user: UserRow, amount: number, method: 'kassa' | 'sbp', at: Date) {
      const payment = await app.db.transaction((tx) =>
        app.payments.open(tx, user.id, { amount, method, email: 'player@example.ru' }, at),
      );
      await app.payments.credit(payment.id, String((providerIds += 37)), later(at, 2));
      return { id: payment.id, provider: payment.provider };
    },

    /** The owner gave `refunded` roubles of that top-up back at the provider, found at `at`. */
    partialRefund: (
      user: UserRow,
      payment: { id: string; provider: string },
      amount: number,
      refunded: number,
      at: Date,
    ) =>
      createPartialRefunds(app.db).record({
        paymentId: payment.id,
        userId: user.id,
        provider: payment.provider,
        amountKopecks: roublesToKopecks(amount),
        refundedKopecks: roublesToKopecks(refunded),
        at,
      }),

    activate: (user: UserRow, code: string, at: Date) =>
      app.db.transaction((tx) => activatePromocode(tx, user.id, code, at)),

    createPromocode: (input: Record<string, unknown>, at: Date) =>
      createPromocode(app.db, actor, promocodeInputSchema.parse(input), at),

    /** A purchase (a gift when `giftTo` names a player's Steam id); the order's id. */
    async buy(
      user: UserRow,
      input: { productId: number; serverId: number; quantity: number },
      at: Date,
      gift?: { giftTo: string; giftMessage?: string },
    ): Promise<string> {
      const prepared = gift ? await app.purchases.prepareGift(user, gift) : null;
      const reply = await app.db.transaction((tx) =>
        app.purchases.buyProduct(tx, user, input, prepared, at),
      );
      return reply.orderId;
    },

    /** The order's deliveries given in full `minutes` after `at`, and the order settled then. */
    async delivered(orderId: string, at: Date, minutes: number) {
      const when = later(at, minutes);
      await app.db.transaction(async (tx) => {
        await createDeliveryRepository(tx).recordDelivered(orderId, when);
        await createOrdersRepository(tx).settle(orderId, when);
      });
    },

    refund: (orderId: string, at: Date) =>
      app.db.transaction((tx) => refundOrder(tx, orderId, actor, at)),

    /** A conversation: the player's lines and the staff's, each `minutes` after the start. */
    async chat(
      user: UserRow,
      start: Date,
      lines: Array<[minutes: number, who: 'player' | 'staff', text: string]>,
    ) {
      for (const [minutes, who, text] of lines) {
        const at = later(start, minutes);
        // Whoever answers has read what the other side wrote before.
        if (who === 'player') {
          await markChatRead(app.db, user.id, 'player');
          await sendPlayerMessage(app, user.id, text, at);
        } else {
          await markChatRead(app.db, user.id, 'admin');
          await sendStaffReply(app, staff.id, user.id, text, at);
        }
      }
    },

    close: (user: UserRow, at: Date) => setChatStatus(app.db, actor, user.id, 'closed', at),
  };
}

export type HistoryWriter = ReturnType<typeof createHistoryWriter>;
