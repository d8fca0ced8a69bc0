import { isVipActive, kopecksToRoubles, type SupportContext } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { DeliveryJobRow } from '../delivery/delivery-repository';
import { createDeliveryRepository, shownDelivery } from '../delivery/delivery-repository';
import { stepCommand } from '../delivery/delivery-plan';
import { createOrdersRepository } from '../orders/orders-repository';
import { createPaymentsRepository } from '../payments/payments-repository';
import { createUsersRepository, toUserDto } from '../users/users-repository';

const RECENT_ORDERS = 10;
const RECENT_TOP_UPS = 5;

/** The command the job sent last (or is about to send): the step in flight, else the last confirmed one. */
function lastCommand(job: DeliveryJobRow): string | null {
  if (job.method !== 'rcon') return null;
  const step = job.inFlight ?? Math.max(job.progress - (job.status === 'delivered' ? 1 : 0), 0);
  return stepCommand(job, step) ?? null;
}

/**
 * What the staff needs to answer "where is my item" from the chat: balance, VIP, the last orders with
 * each delivery's last console command and the game's answer, and the last top-ups. Read-only: every
 * table is read through the module that owns it.
 */
export async function loadSupportContext(
  app: FastifyInstance,
  userId: number,
  /** Top-ups are money: staff without `money` get none (docs/decisions/0036-staff-roles.md). */
  options: { topUps: boolean } = { topUps: true },
): Promise<SupportContext | undefined> {
  const row = await createUsersRepository(app.db).findById(userId);
  if (!row) return undefined;
  const user = toUserDto(row);
  const orders = await createOrdersRepository(app.db).forUser(
    userId,
    await app.itemIcons.lookup(),
    { limit: RECENT_ORDERS },
  );
  const jobs = await createDeliveryRepository(app.db).listForOrders(orders.map((o) => o.id));
  const payments = options.topUps
    ? await createPaymentsRepository(app.db).recentForUser(userId, RECENT_TOP_UPS)
    : [];
  return {
    user: {
      id: user.id,
      username: user.username,
      avatar: user.avatar,
      steamId: user.steamId,
      balance: user.balance,
      vipStatus: user.vipStatus,
      vipExpiresAt: user.vipExpiresAt,
      vipActive: isVipActive(user),
    },
    orders: orders.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      total: order.total,
      items: order.items,
      serverName: order.serverName,
      status: order.status,
      delivery: order.delivery,
      deliveries: jobs
        .filter((job) => job.orderId === order.id)
        .map((job) => ({
          id: job.id,
          itemName: job.payload.itemName,
          status: shownDelivery(job).status,
          method: job.method as 'rcon' | 'plugin',
          lastCommand: lastCommand(job),
          lastResult: shownDelivery(job).reason,
          attempts: job.attempts,
        })),
    })),
    topUps: payments.map((payment) => ({
      id: payment.id,
      amount: kopecksToRoubles(payment.amountKopecks),
      status: payment.status,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}
