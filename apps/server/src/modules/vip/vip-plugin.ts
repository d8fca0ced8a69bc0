import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleVipExpiry } from './vip-expiry';

export interface VipOptions {
  /** false: VIPs end only when a test calls expireVips, or not in this process. */
  expiry: boolean;
}

/** The VIP module's periodic work, on the leader: ended VIPs are cleared, their revoke commands queued. */
async function vipPlugin(app: FastifyInstance, options: VipOptions) {
  if (options.expiry) scheduleVipExpiry(app);
}

export default fp(vipPlugin, { name: 'vip', dependencies: ['database', 'delivery', 'leadership'] });
