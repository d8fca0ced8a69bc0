import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { telegramWidgetBot } from './config-messengers';
import type { Database } from './db/client';
import adminScope from './modules/admin/admin-scope';
import { useAuditKey } from './modules/audit/audit-log';
import backupsPlugin, { type BackupsOptions } from './modules/backups/backups-plugin';
import shopIdentityPlugin from './modules/backups/shop-identity-plugin';
import authRoutes from './modules/auth/auth-routes';
import { createItemIcons } from './modules/catalog/item-icons';
import itemImagesRoutes from './modules/catalog/item-images-routes';
import pluginApiScope from './modules/plugin-api/plugin-api-scope';
import catalogPlugin from './modules/products/catalog-plugin';
import productsRoutes from './modules/products/products-routes';
import transactionsRoutes from './modules/ledger/transactions-routes';
import paymentsPlugin, { type PaymentsOptions } from './modules/payments/payments-plugin';
import paymentsRoutes from './modules/payments/payments-routes';
import paymentMethodsPlugin from './modules/payments/payment-methods-plugin';
import receiptsPlugin from './modules/receipts/receipts-plugin';
import { promocodesRoutes } from './modules/promocodes/promocodes-routes';
import realtimePlugin, { type RealtimeOptions } from './plugins/realtime';
import cartRoutes from './modules/cart/cart-routes';
import chatRoutes from './modules/chat/chat-routes';
import deliveryPlugin, { type DeliveryOptions } from './modules/delivery/delivery-plugin';
import vipPlugin from './modules/vip/vip-plugin';
import discordPlugin from './modules/discord/discord-plugin';
import discordLinkRoutes from './modules/discord/discord-link-routes';
import telegramPlugin from './modules/telegram/telegram-plugin';
import telegramRoutes from './modules/telegram/telegram-routes';
import notificationsPlugin from './modules/notifications/notifications-plugin';
import vipRoutes from './modules/vip/vip-routes';
import wipesPlugin from './modules/wipes/wipes-plugin';
import { createWipesRepository } from './modules/wipes/wipes-repository';
import ordersRoutes from './modules/orders/orders-routes';
import giftsPlugin from './modules/gifts/gifts-plugin';
import giftsRoutes from './modules/gifts/gifts-routes';
import playerDataRoutes from './modules/data-export/player-data-routes';
import purchasesPlugin from './modules/orders/purchases-plugin';
import demoRoutes from './modules/demo/demo-routes';
import serversRoutes from './modules/servers/servers-routes';
import healthRoutes from './modules/site/health-routes';
import siteRoutes from './modules/site/site-routes';
import sitePlugin from './modules/site/site-plugin';
import apiDocsPlugin, { withPermissions } from './plugins/api-docs';
import authPlugin from './plugins/auth';
import idempotencyPlugin from './modules/idempotency/idempotency-plugin';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import inputGuardPlugin from './plugins/input-guard';
import securityHeadersPlugin from './plugins/security-headers';
import gameServersPlugin, { type GameServersOptions } from './plugins/game-servers';
import { HTTP_TIMEOUTS, httpServerOptions } from './plugins/http-timeouts';
import controlPlugin from './plugins/control';
import leadershipPlugin from './plugins/leadership';
import { registerRateLimits } from './plugins/rate-limits';
import { logRequests } from './logging';
import metricsPlugin from './plugins/metrics';
import webAppPlugin from './plugins/web-app';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; omitted in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per address across the API; sign-in and money routes have tighter ones. */
  rateLimitMax?: number;
  /** Game-server links; tests poll by hand with monitorIntervalMs: false. */
  gameServers?: GameServersOptions;
  /** Told of every route as it is added (tests walk the route table with it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Reconciliation of pending payments; tests run it by hand with false. */
  reconcileIntervalMs?: PaymentsOptions['reconcileIntervalMs'];
  /** Limits of the live channel; tests tighten them. */
  socketLimits?: RealtimeOptions['limits'];
  /** The RCON delivery worker; tests drive it with autostart: false. */
  delivery?: DeliveryOptions;
  /** A worker process: it never listens, and sends its socket events through Redis only. */
  worker?: boolean;
  /** Scheduled backups: the server and worker turn them on. */
  backups?: Omit<BackupsOptions, 'config' | 'database'>;
  /** The embedded shop's control socket in DATA_DIR (the server turns it on). */
  controlSocket?: boolean;
}

/** Builds the whole HTTP application: external plugins, then ours, then routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const rateLimitMax = options.rateLimitMax ?? 600;
  const app = Fastify({
    logger: options.logger ?? false,
    // Request lines at debug, errors and slow ones above (logging.ts): owners read business events.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
    ...httpServerOptions(HTTP_TIMEOUTS),
  });
  if (options.onRoute) {
    const listener = options.onRoute;
    app.addHook('onRoute', (route) => listener({ method: route.method, url: route.url }));
  }
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every journal entry of this process is keyed by AUDIT_KEY, and its new head goes to this log.
  useAuditKey(config.auditKey, app.log);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    telegramWidget: telegramWidgetBot(config.telegram) !== null,
  });
  await app.register(compress, { threshold: 1024 });
  await registerRateLimits(app, {
    max: rateLimitMax,
    redisUrl: options.worker ? undefined : config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rust shop API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: withPermissions(jsonSchemaTransform),
  });

  await app.register(databasePlugin, { database: options.database });
  await app.register(shopIdentityPlugin, { goLive: config.shopLive });
  // A database restored from a backup stays quiet until made live (README, «Резервные копии»).
  const quiet = app.shopIdentity.restoredCopy;
  await app.register(controlPlugin, {
    dataDir: config.dataDir,
    enabled: Boolean(options.controlSocket) && options.database.kind === 'pglite',
  });
  await app.register(leadershipPlugin, {
    databaseUrl: options.database.url,
    retryMs: config.leaderRetryMs,
    neverLead: quiet,
  });
  await app.register(sitePlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(apiDocsPlugin, { adminOnly: config.nodeEnv === 'production' });
  await app.register(idempotencyPlugin, { pruneIntervalMs: 60 * 60_000 });
  const itemIcons = createItemIcons({
    imageDir: path.join(config.dataDir, 'img'),
    iconUrlTemplate: config.itemIconUrl,
  });
  // The wipes module's read, handed to the catalogue: wipes depends (through vip) on products.
  const wipesRead = createWipesRepository(options.database.db);
  await app.register(catalogPlugin, {
    sharedOverRedis: Boolean(config.redisUrl) && !options.worker,
    icons: itemIcons,
    lastWipesAt: (at) => wipesRead.lastWipesAt(at),
  });
  await app.register(gameServersPlugin, {
    ...(options.gameServers ?? { monitorIntervalMs: 15_000 }),
    noLinks: quiet,
  });
  await app.register(realtimePlugin, {
    redisUrl: config.redisUrl,
    databaseUrl: options.database.url,
    redisKeyPrefix: config.redisKeyPrefix,
    emitOnly: options.worker,
    trustProxy: config.trustProxy,
    limits: options.socketLimits,
  });
  const autostart = !quiet && (options.delivery?.autostart ?? true);
  await app.register(deliveryPlugin, { ...options.delivery, autostart });
  // Stopped before it ever runs: a purchase's kick then delivers nothing from a copy.
  if (quiet) await app.delivery.worker.stop();
  await app.register(vipPlugin, { expiry: autostart });
  await app.register(discordPlugin, {
    config: config.discord,
    publicUrl: config.publicUrl,
    autostart,
  });
  await app.register(telegramPlugin, {
    config: config.telegram,
    publicUrl: config.publicUrl,
    owners: config.adminSteamIds,
    // A restored copy neither polls Telegram (it would take the live shop's updates) nor sends.
    autostart,
  });
  await app.register(notificationsPlugin, {
    telegram: config.telegram,
    vk: config.vk,
    publicUrl: config.publicUrl,
    backupEveryHours: config.backups.everyHours,
    autostart,
  });
  await app.register(wipesPlugin, { shopTimeZone: config.shopTimeZone });
  await app.register(giftsPlugin, { config });
  await app.register(purchasesPlugin);
  await app.register(paymentsPlugin, {
    config,
    // Not in the demo: its stand-ins notify by themselves, and asking them (in this very process)
    // before it listens printed a provider error on every first start.
    reconcileIntervalMs: config.demo ? false : (options.reconcileIntervalMs ?? 5 * 60_000),
  });
  await app.register(paymentMethodsPlugin, {
    probeIntervalMs: options.reconcileIntervalMs === false ? false : 60_000,
  });
  await app.register(receiptsPlugin, {
    settings: config.receipts,
    // Off where reconciliation is (tests drive it by hand), except in the demo, whose YooKassa
    // stand-in registers receipts like the real one.
    intervalMs: options.reconcileIntervalMs === false && !config.demo ? false : 15_000,
  });
  await app.register(backupsPlugin, { config, database: options.database, ...options.backups });

  await app.register(healthRoutes, { prefix: '/api', limitPerMinute: rateLimitMax });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(siteRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api', config });
  await app.register(serversRoutes, { prefix: '/api' });
  await app.register(productsRoutes, { prefix: '/api' });
  await app.register(transactionsRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(promocodesRoutes, { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api', config });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(giftsRoutes, { prefix: '/api' });
  await app.register(playerDataRoutes, { prefix: '/api' });
  await app.register(discordLinkRoutes, { prefix: '/api' });
  await app.register(telegramRoutes, { prefix: '/api' });
  await app.register(vipRoutes, { prefix: '/api' });
  await app.register(adminScope, { prefix: '/api/admin', config });
  await app.register(pluginApiScope, { prefix: '/api/plugin' });
  await app.register(itemImagesRoutes, {
    imageDir: path.join(config.dataDir, 'img'),
    iconUrlTemplate: config.itemIconUrl,
  });
  if (config.demo) await app.register(demoRoutes, { config });

  if (options.webRoot)
    await app.register(webAppPlugin, {
      root: options.webRoot,
      demo: config.demo,
      publicUrl: config.publicUrl,
    });
  return app;
}
