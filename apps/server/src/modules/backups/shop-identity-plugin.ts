import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logBusinessEvent } from '../../lib/business-events';
import { HttpError } from '../../plugins/errors';
import { goLive, readShopIdentity, type ShopIdentity } from './shop-identity';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which shop this database is, and whether it is a restored copy not yet made live. */
    shopIdentity: ShopIdentity;
  }
}

export const RESTORED_COPY_MESSAGE =
  'Это восстановленная копия магазина: она не выдаёт покупки, не принимает оплату и не связывается с игровыми серверами. Чтобы сделать её рабочей, выполните npm run db:go-live или запустите с SHOP_LIVE=1.';

/** What a restored copy refuses: the game servers' plugin and new payments (they reach real money). */
const QUIET_ROUTES = [/^\/api\/plugin\//, /^\/api\/payments\//];

/**
 * Reads the shop's identity before the rest of the app is built, so a restored copy is built quiet
 * (app.ts: never the leader, no delivery, no game-server links). SHOP_LIVE=1 makes it live first.
 */
async function shopIdentityPlugin(app: FastifyInstance, options: { goLive: boolean }) {
  if (options.goLive && (await goLive(app.db))) {
    logBusinessEvent(
      app.log,
      'restored_copy',
      { live: true },
      'restored copy made live (SHOP_LIVE=1)',
    );
  }
  const identity = await readShopIdentity(app.db);
  app.decorate('shopIdentity', identity);
  if (!identity.restoredCopy) return;
  app.log.warn(
    { shopId: identity.shopId, backupTakenAt: identity.restoredFromTakenAt?.toISOString() },
    'RESTORED COPY: not the leader, no deliveries, no game-server links. Make it live with `npm run db:go-live` or SHOP_LIVE=1.',
  );
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' && QUIET_ROUTES.some((route) => route.test(path))) {
      throw new HttpError(503, 'provider_unavailable', RESTORED_COPY_MESSAGE);
    }
    if (path.startsWith('/api/plugin/')) {
      throw new HttpError(503, 'provider_unavailable', RESTORED_COPY_MESSAGE);
    }
  });
}

export default fp(shopIdentityPlugin, { name: 'shop-identity', dependencies: ['database'] });
