import { paymentStatsSchema, revenueStatsSchema, systemStatsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import paymentMethodStatsRoutes from './payment-method-stats';
import { createStatsRepository } from './stats-repository';

/** SPEC §2 Overview: the cards, revenue per window and per day, and paid top-ups per day. */
const statsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const stats = createStatsRepository(app.db, config.shopTimeZone);
  await app.register(paymentMethodStatsRoutes, { zone: config.shopTimeZone });
  const tags = ['admin: overview'];
  const security = [{ bearer: [] }];

  /** Distinct signed-in players with a live socket, on every shop instance (Redis adapter). */
  async function onlineUsers(): Promise<number> {
    const sockets = await app.realtime.io.fetchSockets();
    return new Set(sockets.map((socket) => socket.data.userId).filter(Boolean)).size;
  }

  app.get(
    '/stats',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary:
          'Overview cards: users (and today), online now, orders (today, awaiting delivery), revenue, servers',
        response: { 200: systemStatsSchema },
      },
    },
    async () => {
      const [counts, revenue, online] = await Promise.all([
        stats.counts(),
        stats.revenue(),
        onlineUsers(),
      ]);
      return {
        ...counts,
        onlineUsers: online,
        totalRevenue: revenue.total.revenue,
        todayRevenue: revenue.today.revenue,
      };
    },
  );

  app.get(
    '/revenue-stats',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Revenue of paid orders: total, today, 7, 14 and 30 days, and per day',
        description: `Money taken: every paid order counts, delivered or not, less what was refunded of it (an order refunded in full counts for nothing). Calendar days in the shop's time zone (SHOP_TIMEZONE).`,
        response: { 200: revenueStatsSchema },
      },
    },
    async () => stats.revenue(),
  );

  app.get(
    '/payment-stats',
    {
      config: { permission: 'money' },
      schema: {
        tags,
        security,
        summary: 'Paid top-ups per day of the last 30 days, newest first',
        response: { 200: paymentStatsSchema },
      },
    },
    async () => stats.payments(),
  );
};

export default statsRoutes;
