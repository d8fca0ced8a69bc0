import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { queryRows } from '../db/execute';
import { onBusinessEvent } from '../lib/business-events';
import { SHOP_VERSION } from '../version';
import { notFound, unauthorized } from './errors';

/**
 * GET /metrics for Prometheus (README, «Мониторинг»): off unless METRICS_TOKEN is set, and then
 * only with `Authorization: Bearer <METRICS_TOKEN>`. Counters of this process's business events;
 * gauges read from the database at scrape time (one query each, on indexed columns), so every
 * instance reports the same queue and each its own process figures (event loop delay, memory).
 */
async function metricsPlugin(app: FastifyInstance, options: { token: string | undefined }) {
  const { token } = options;
  if (!token) {
    // Answered here, or the web app's catch-all would hand a scraper its page with 200.
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound();
    });
    return;
  }
  const registry = new Registry();
  // Node's own: event loop delay (nodejs_eventloop_lag_*), memory, CPU, handles.
  collectDefaultMetrics({ register: registry });

  const events = new Counter({
    name: 'shop_business_events_total',
    help: 'Purchases, top-ups credited, deliveries given/failed/waiting, refunds, reversals, admin actions (this process).',
    labelNames: ['event'],
    registers: [registry],
  });
  const stop = onBusinessEvent((event) => events.inc({ event }));
  app.addHook('onClose', async () => stop());

  new Gauge({
    name: 'shop_info',
    help: 'The running release, and whether this process leads or is a restored copy.',
    labelNames: ['version', 'leader', 'restored_copy', 'redis'],
    registers: [registry],
    collect() {
      this.reset();
      this.set(
        {
          version: SHOP_VERSION,
          leader: String(app.leadership.isLeader),
          restored_copy: String(app.shopIdentity.restoredCopy),
          redis: app.realtime.redisState(),
        },
        1,
      );
    },
  });

  const queue = new Gauge({
    name: 'shop_delivery_jobs',
    help: 'Delivery jobs by method and status (pending and sending are the queue).',
    labelNames: ['method', 'status'],
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'shop_delivery_oldest_waiting_seconds',
    help: 'Age of the oldest delivery still waiting, by method.',
    labelNames: ['method'],
    registers: [registry],
  });
  const latency = new Gauge({
    name: 'shop_delivery_latency_seconds',
    help: 'Seconds from purchase to delivery over the last hour (quantile 0.5 and 0.95).',
    labelNames: ['quantile'],
    registers: [registry],
  });
  const payments = new Gauge({
    name: 'shop_payments',
    help: 'Payments created in the last 24 hours, by provider and status.',
    labelNames: ['provider', 'status'],
    registers: [registry],
  });
  const link = new Gauge({
    name: 'shop_game_server_up',
    help: 'Game server link as the monitor last saw it (1 online), with its delivery method.',
    labelNames: ['server', 'name', 'delivery'],
    registers: [registry],
  });
  const pluginSeen = new Gauge({
    name: 'shop_plugin_seen_seconds',
    help: "Seconds since each plugin server's last signed request.",
    labelNames: ['server', 'name'],
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'shop_database_up',
    help: '1 while the database answers.',
    registers: [registry],
  });

  /** The database's figures, refreshed before each scrape is rendered. */
  const readDatabase = async () => {
    const [jobs, waiting, lat, pays, servers] = await Promise.all([
      queryRows<{ method: string; status: string; n: string }>(
        app.db,
        sql`select method, status, count(*) as n from delivery_jobs
            where status in ('pending', 'sending', 'failed') group by method, status`,
      ),
      queryRows<{ method: string; age: string | null }>(
        app.db,
        sql`select method, extract(epoch from now() - min(created_at)) as age from delivery_jobs
            where status in ('pending', 'sending') group by method`,
      ),
      queryRows<{ p50: string | null; p95: string | null }>(
        app.db,
        sql`select percentile_cont(0.5) within group (order by extract(epoch from delivered_at - created_at)) as p50,
                   percentile_cont(0.95) within group (order by extract(epoch from delivered_at - created_at)) as p95
            from delivery_jobs where delivered_at > now() - interval '1 hour'`,
      ),
      queryRows<{ provider: string; status: string; n: string }>(
        app.db,
        sql`select provider, status, count(*) as n from payments
            where created_at > now() - interval '24 hours' group by provider, status`,
      ),
      queryRows<{
        id: number;
        name: string;
        link_status: string;
        is_plugin_enabled: number;
        seen: string | null;
      }>(
        app.db,
        sql`select id, name, link_status, is_plugin_enabled,
                   extract(epoch from now() - plugin_seen_at) as seen from servers`,
      ),
    ]);
    queue.reset();
    for (const row of jobs) queue.set({ method: row.method, status: row.status }, Number(row.n));
    oldest.reset();
    for (const row of waiting) oldest.set({ method: row.method }, Number(row.age ?? 0));
    latency.reset();
    if (lat[0]?.p50 != null) latency.set({ quantile: '0.5' }, Number(lat[0].p50));
    if (lat[0]?.p95 != null) latency.set({ quantile: '0.95' }, Number(lat[0].p95));
    payments.reset();
    for (const row of pays)
      payments.set({ provider: row.provider, status: row.status }, Number(row.n));
    link.reset();
    pluginSeen.reset();
    for (const row of servers) {
      const labels = { server: String(row.id), name: row.name };
      const delivery = ['rcon', 'plugin', 'hidden'][row.is_plugin_enabled] ?? 'rcon';
      link.set({ ...labels, delivery }, row.link_status === 'online' ? 1 : 0);
      if (row.seen !== null) pluginSeen.set(labels, Number(row.seen));
    }
  };

  const expected = Buffer.from(`Bearer ${token}`);
  const authorized = (header: string | undefined) => {
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request.headers.authorization)) throw unauthorized();
    try {
      await readDatabase();
      databaseUp.set(1);
    } catch (err) {
      // The process figures still tell what is wrong; the database's are the last known.
      request.log.warn({ err }, 'metrics: database not read');
      databaseUp.set(0);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, {
  name: 'metrics',
  dependencies: ['database', 'leadership', 'realtime', 'shop-identity'],
});
