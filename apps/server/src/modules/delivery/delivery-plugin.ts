import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createServersRepository } from '../servers/servers-repository';
import {
  createDeliveryRepository,
  type DeliveryJobRow,
  type DeliveryRepository,
} from './delivery-repository';
import { createPluginJobsRepository, type PluginJobsRepository } from './plugin-jobs-repository';
import {
  createRconDeliveryWorker,
  type RconDeliveryWorker,
  type RconWorkerOptions,
} from './rcon-delivery-worker';
import { logBusinessEvent } from '../../lib/business-events';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: {
      repository: DeliveryRepository;
      /** The game-server plugin's jobs: leases and the units it reports given and saved. */
      pluginJobs: PluginJobsRepository;
      worker: RconDeliveryWorker;
      /** How long the plugin holds leased jobs before they can be leased again. */
      pluginLeaseSeconds: number;
      /** How long the plugin's long poll waits for a due job before it answers empty. */
      pluginWaitSeconds: number;
      /** How often a waiting long poll looks at the queue (every instance sees every job this way). */
      pluginWaitPollMs: number;
      /** The shop's clock as the plugin's signature checks read it (Unix ms). */
      pluginClock: () => number;
      /** Registers what follows a delivery (the orders module settles the jobs' orders). */
      onJobsDone(listener: JobsDoneListener): void;
      /** Jobs just delivered, by the RCON worker or the plugin's report of the world save: tells listeners. */
      jobsDone(jobs: DeliveryJobRow[]): Promise<void>;
    };
  }
}

export interface DeliveryOptions {
  /** false: the worker runs only when kicked (tests), or not at all in this process. */
  autostart: boolean;
  worker?: Partial<RconWorkerOptions>;
  pluginLeaseSeconds?: number;
  pluginWaitSeconds?: number;
  pluginWaitPollMs?: number;
  /** Tests set it off to play a game server whose clock is wrong. Default Date.now. */
  pluginClock?: () => number;
}

const DEFAULTS: RconWorkerOptions = {
  stackDelayMs: 500,
  pollIntervalMs: 2_000,
  leaseSeconds: 60,
  commandTimeoutMs: 10_000,
  batchSize: 20,
  connectWaitMs: 5_000,
};

export type JobsDoneListener = (jobs: DeliveryJobRow[]) => Promise<void>;

async function deliveryPlugin(app: FastifyInstance, options: DeliveryOptions) {
  const repository = createDeliveryRepository(app.db);
  // Wiring set while the app is built, the same in every process: not shared state.
  const listeners: JobsDoneListener[] = [];
  async function jobsDone(jobs: DeliveryJobRow[]) {
    if (jobs.length === 0) return;
    for (const job of jobs) {
      logBusinessEvent(
        app.log,
        'delivery_given',
        {
          deliveryId: job.id,
          orderId: job.orderId ?? undefined,
          serverId: job.serverId,
          userId: job.userId,
          method: job.method,
        },
        'delivery given',
      );
    }
    for (const listener of listeners) await listener(jobs);
  }
  const worker = createRconDeliveryWorker(
    repository,
    createServersRepository(app.db),
    app.servers.pool,
    app.log,
    { ...DEFAULTS, ...options.worker },
    jobsDone,
    async () => (await app.site.current()).content.notices.giftNotice,
  );
  app.decorate('delivery', {
    repository,
    pluginJobs: createPluginJobsRepository(app.db),
    worker,
    pluginLeaseSeconds: options.pluginLeaseSeconds ?? 120,
    pluginWaitSeconds: options.pluginWaitSeconds ?? 25,
    pluginWaitPollMs: options.pluginWaitPollMs ?? 500,
    pluginClock: options.pluginClock ?? Date.now,
    onJobsDone: (listener: JobsDoneListener) => {
      listeners.push(listener);
    },
    jobsDone,
  });
  if (options.autostart) {
    app.addHook('onReady', async () => worker.start());
  }
  app.addHook('onClose', async () => worker.stop());
}

export default fp(deliveryPlugin, {
  name: 'delivery',
  dependencies: ['database', 'game-servers', 'leadership'],
});
