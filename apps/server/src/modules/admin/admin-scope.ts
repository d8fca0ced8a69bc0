import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import itemsAdminRoutes from '../catalog/items-admin-routes';
import productsAdminRoutes from '../products/products-admin-routes';
import { promocodesAdminRoutes } from '../promocodes/promocodes-routes';
import salesAdminRoutes from '../sales/sales-routes';
import ordersAdminRoutes from '../orders/orders-admin-routes';
import paymentsAdminRoutes from '../payments/payments-admin-routes';
import receiptsAdminRoutes from '../receipts/receipts-admin-routes';
import supportContextRoutes from '../chat/support-context-routes';
import metricsRoutes from './metrics-routes';
import rconAdminRoutes from '../servers/rcon-admin-routes';
import serversAdminRoutes from '../servers/servers-admin-routes';
import pluginAdminRoutes from '../plugin-api/plugin-admin-routes';
import auditRoutes from '../audit/audit-routes';
import backupsRoutes from '../backups/backups-routes';
import exportRoutes from '../data-export/export-routes';
import importsRoutes from '../imports/imports-routes';
import moderationRoutes from '../moderation/moderation-routes';
import usersAdminRoutes from './users-admin-routes';
import rolesRoutes from './roles-routes';
import { requireDeclaredPermission } from '../../plugins/permissions';
import statsRoutes from './stats-routes';
import wipesAdminRoutes from '../wipes/wipes-admin-routes';
import discordAdminRoutes from '../discord/discord-admin-routes';
import notificationsAdminRoutes from '../notifications/notifications-admin-routes';
import siteAdminRoutes from '../site/site-admin-routes';

/**
 * Every admin route lives inside this scope, whose first hook answers 401 to anonymous callers and 403
 * to players before any handler or body parsing runs. A route added here cannot skip the check.
 * Each route declares `config: { permission }` (see plugins/permissions.ts and the README's table): the
 * same hook refuses staff whose role lacks it, and a route that declares none is the owner's alone.
 */
export default async function adminScope(app: FastifyInstance, { config }: { config: Config }) {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRequest', requireDeclaredPermission);
  await app.register(serversAdminRoutes);
  await app.register(wipesAdminRoutes);
  await app.register(rconAdminRoutes);
  await app.register(pluginAdminRoutes);
  await app.register(metricsRoutes);
  await app.register(itemsAdminRoutes, { config });
  await app.register(productsAdminRoutes);
  await app.register(promocodesAdminRoutes);
  await app.register(salesAdminRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(receiptsAdminRoutes);
  await app.register(supportContextRoutes);
  await app.register(statsRoutes, { config });
  await app.register(usersAdminRoutes);
  await app.register(rolesRoutes);
  await app.register(moderationRoutes);
  await app.register(auditRoutes);
  await app.register(backupsRoutes, { config });
  await app.register(exportRoutes);
  await app.register(importsRoutes);
  await app.register(discordAdminRoutes);
  await app.register(notificationsAdminRoutes);
  await app.register(siteAdminRoutes);
}
