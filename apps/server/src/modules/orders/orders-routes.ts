import {
  apiErrorSchema,
  orderSchema,
  ordersPageQuerySchema,
  purchaseConflictSchema,
  purchaseReplySchema,
  purchaseSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { errorReplies } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { createOrdersRepository } from './orders-repository';
import { createQuickPurchase } from './quick-purchase';

const ordersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const orders = createOrdersRepository(app.db);
  const quickPurchase = createQuickPurchase(app);
  const security = [{ bearer: [] }];
  const replies = { ...errorReplies(400, 401, 403, 404, 503), 409: purchaseConflictSchema };

  app.post(
    '/purchase',
    {
      preHandler: app.requireCachedUser,
      // The reply is a few hundred bytes: nothing to compress, so no compression hooks either.
      compress: false,
      config: { rateLimit: perAccountLimit(config.purchaseLimitPerMinute), idempotent: true },
      schema: {
        tags: ['orders'],
        security,
        summary:
          'Buy a product for a server: debit, order and delivery in one transaction. With giftTo (SteamID64) and an optional giftMessage it is a gift: the buyer pays and owns the order, the recipient gets the delivery (and the VIP)',
        description:
          'Charged at the price in force when the purchase runs (the best running sale for that server), never a price the client sent. With expectedTotal (roubles: the total the player saw) a higher total refuses it with 409 {error: price_changed, message «Цена изменилась: было X ₽, стало Y ₽», total} and charges nothing; a lower one is charged as it is; `charged` names what was taken. 409 «Доступно через 5 ч 12 мин» while the product is not sold after the server’s last wipe.',
        body: purchaseSchema,
        response: { 200: purchaseReplySchema, ...replies },
      },
    },
    async (request, reply) => {
      const quick = await quickPurchase(request, reply, request.body);
      if (quick) return quick;
      // The full path, for what one statement does not decide: with the session's row as it is now.
      await app.recheckUser(request);
      const gift = await app.purchases.prepareGift(request.user!, request.body);
      return app.idempotency.run(
        request,
        reply,
        (tx) => app.purchases.buyProduct(tx, request.user!, request.body, gift),
        (body) => app.purchases.announce(request.user!.id, body),
      );
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        summary:
          "The signed-in user's orders with their delivery state, newest first; a gift names its recipient",
        description:
          'A page at a time: `limit` orders (100 unless asked, at most 200), and `before` the id of the last order already shown for the next page. A page shorter than `limit` is the last.',
        querystring: ordersPageQuerySchema,
        response: { 200: z.array(orderSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      orders.forUser(request.user!.id, await app.itemIcons.lookup(), request.query),
  );
};

export default ordersRoutes;
