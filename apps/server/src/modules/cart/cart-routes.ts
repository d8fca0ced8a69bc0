import {
  cartAddSchema,
  cartPurchaseSchema,
  cartSchema,
  costKopecks,
  idParamSchema,
  kopecksToRoubles,
  okReplySchema,
  purchaseConflictSchema,
  purchaseReplySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, errorReplies } from '../../plugins/errors';
import { perAccountLimit } from '../../plugins/rate-limits';
import { checkProduct } from '../products/product-rules';
import { createProductsRepository, toProduct } from '../products/products-repository';
import { createCartRepository } from './cart-repository';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartRepository(app.db);
  const products = createProductsRepository(app.db);
  const tags = ['cart'];
  const security = [{ bearer: [] }];
  const replies = errorReplies(400, 401, 403, 404, 503);
  app.addHook('preHandler', app.requireUser);

  /**
   * The cart at the prices the catalogue shows now (a sale's for any server; the server chosen at
   * checkout may add its wipe sale): checkout charges the price in force when it runs.
   */
  const view = async (userId: number) => {
    const [rows, iconOf, priceOf] = await Promise.all([
      cart.list(userId),
      app.itemIcons.lookup(),
      app.catalog.pricesNow(),
    ]);
    const stackPrice = (product: (typeof rows)[number]['product']) =>
      priceOf(product, null).priceKopecks;
    const items = rows.map(({ id, quantity, product }) => {
      const dto = toProduct(product, iconOf);
      const total = costKopecks(stackPrice(product), quantity, product.stackSize);
      return {
        id,
        productId: product.id,
        name: dto.name,
        description: dto.description,
        image: dto.image,
        category: dto.category,
        server: dto.server,
        price: kopecksToRoubles(stackPrice(product)),
        quantity,
        stackSize: product.stackSize,
        total: kopecksToRoubles(total),
        available: product.isActive && product.inStock,
      };
    });
    const total = rows.reduce(
      (sum, { quantity, product }) =>
        sum + costKopecks(stackPrice(product), quantity, product.stackSize),
      0,
    );
    return { items, total: kopecksToRoubles(total) };
  };

  app.get(
    '/cart',
    { schema: { tags, security, summary: 'The cart', response: { 200: cartSchema, ...replies } } },
    (request) => view(request.user!.id),
  );

  app.post(
    '/cart',
    {
      schema: {
        tags,
        security,
        summary: 'Put a product in the cart',
        body: cartAddSchema,
        response: { 200: cartSchema, ...replies },
      },
    },
    async (request) => {
      // The same rules as buying, minus the server, which is chosen at checkout.
      checkProduct(
        await products.findById(request.body.productId),
        request.body.quantity,
        request.user!.id,
      );
      await cart.put(request.user!.id, request.body.productId, request.body.quantity);
      return view(request.user!.id);
    },
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove one item',
        params: idParamSchema,
        response: { 200: okReplySchema, ...replies },
      },
    },
    async (request) => {
      if (!(await cart.remove(request.user!.id, request.params.id)))
        throw notFound('Товар не найден в корзине');
      return { success: true as const };
    },
  );

  app.delete(
    '/cart',
    {
      schema: {
        tags,
        security,
        summary: 'Empty the cart',
        response: { 200: okReplySchema, ...replies },
      },
    },
    async (request) => {
      await cart.clear(request.user!.id);
      return { success: true as const };
    },
  );

  app.post(
    '/cart/purchase',
    {
      config: { rateLimit: perAccountLimit(30), idempotent: true },
      schema: {
        tags,
        security,
        summary:
          'Buy the whole cart as one order for one online server; with giftTo (SteamID64) and an optional giftMessage, as a gift to that player',
        description:
          'With expectedTotal (roubles: the cart total the player saw) a higher total in force refuses it with 409 {error: price_changed, message, total} and charges nothing; a lower one is charged as it is; `charged` names what was taken.',
        body: cartPurchaseSchema,
        // 409: a product in the cart is held back after the server's wipe, or its total rose.
        response: { 200: purchaseReplySchema, ...replies, 409: purchaseConflictSchema },
      },
    },
    async (request, reply) => {
      const gift = await app.purchases.prepareGift(request.user!, request.body);
      return app.idempotency.run(
        request,
        reply,
        (tx) =>
          app.purchases.buyCart(
            tx,
            request.user!,
            request.body.serverId,
            gift,
            request.body.expectedTotal,
          ),
        (body) => app.purchases.announce(request.user!.id, body),
      );
    },
  );
};

export default cartRoutes;
