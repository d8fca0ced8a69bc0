import type { GiftReceivedEvent } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { orderItems, orders, users } from '../../db/schema/index';
import { createGiftRecipients, type GiftRecipients } from './gift-recipients';

declare module 'fastify' {
  interface FastifyInstance {
    gifts: {
      recipients: GiftRecipients;
      /** After a gift's commit: the recipient's open tabs are told who sent what. */
      notifyRecipient(orderId: string): Promise<void>;
    };
  }
}

async function giftsPlugin(app: FastifyInstance, { config }: { config: Config }) {
  async function giftEvent(
    orderId: string,
  ): Promise<{ recipientId: number; event: GiftReceivedEvent } | null> {
    const [order] = await app.db
      .select({
        recipientId: orders.recipientId,
        message: orders.giftMessage,
        from: users.username,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!order?.recipientId) return null;
    const items = await app.db
      .select({ name: orderItems.name })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    return {
      recipientId: order.recipientId,
      event: {
        orderId,
        from: order.from,
        message: order.message,
        items: items.map((item) => item.name),
      },
    };
  }

  app.decorate('gifts', {
    recipients: createGiftRecipients(app.db, config.steam),
    async notifyRecipient(orderId: string) {
      const gift = await giftEvent(orderId);
      if (gift) app.realtime.toUser(gift.recipientId, 'giftReceived', gift.event);
    },
  });
}

export default fp(giftsPlugin, { name: 'gifts', dependencies: ['realtime'] });
