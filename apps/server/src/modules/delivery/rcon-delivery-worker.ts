import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_SITE_CONTENT } from '@shop/shared';
import { createQueueRunner } from '../../lib/queue-runner';
import {
  classifyGiveReply,
  runCheckedCommand,
  type RconClient,
  type RconPool,
} from '../../integrations/rust-rcon/index';
import type { ServersRepository } from '../servers/servers-repository';
import type { DeliveryJobRow, DeliveryRepository } from './delivery-repository';
import { stepCommand, stepCount } from './delivery-plan';
import { giftNoticeCommand } from './gift-notice';
import { commandFailure, DELIVERY_REASONS, kitWaitsForRoom } from './rcon-delivery-reasons';
import { logBusinessEvent } from '../../lib/business-events';

export { DELIVERY_REASONS };

const DEFAULT_GIFT_NOTICE = DEFAULT_SITE_CONTENT.notices.giftNotice;

export interface RconWorkerOptions {
  /** Pause between two stacks, so the game and the player's inventory keep up. */
  stackDelayMs: number;
  pollIntervalMs: number;
  leaseSeconds: number;
  commandTimeoutMs: number;
  batchSize: number;
  /** How long to wait for a link that is still connecting before calling the server down. */
  connectWaitMs: number;
}

type StepOutcome = 'done' | 'lost' | { postpone: string } | { fail: string };

/**
 * Sends RCON deliveries step by step (a stack, a kit piece, or one command), and reads every answer:
 * a step is done only on the game's positive sign, never on silence. Each step is marked in flight
 * before it is sent and confirmed after; a step whose outcome is unknown (no reply, or the process
 * died mid-step) is never sent again by itself, because the game may have given it: an admin decides.
 */
export function createRconDeliveryWorker(
  deliveries: DeliveryRepository,
  servers: ServersRepository,
  pool: RconPool,
  log: FastifyBaseLogger,
  options: RconWorkerOptions,
  /** Told of each job it delivered (the orders they belong to settle). */
  jobsDone: (jobs: DeliveryJobRow[]) => Promise<void>,
  /** The owner's in-game gift notice, with `{{sender}}` and `{{product}}`. */
  giftNotice: () => Promise<string> = async () => DEFAULT_GIFT_NOTICE,
) {
  /**
   * One stack or kit piece through `inventory.giveto`: given only on the game's « [ServerVar] giving
   * …» line. A full inventory gave nothing of this piece (the game destroys the item it made), so the
   * job waits, keeping the pieces already confirmed.
   */
  async function giveStep(job: DeliveryJobRow, client: RconClient, command: string, step: number) {
    const reply = await client.send(command, { timeoutMs: options.commandTimeoutMs });
    if (reply.status === 'unavailable') return { postpone: DELIVERY_REASONS.serverDown };
    if (reply.status === 'unknown') return { fail: DELIVERY_REASONS.unknownOutcome };
    switch (classifyGiveReply(reply.message)) {
      case 'given':
        return 'done';
      case 'player-not-found':
        return { postpone: DELIVERY_REASONS.offline };
      case 'inventory-full':
        return job.payload.kind === 'kit'
          ? { postpone: kitWaitsForRoom(step, stepCount(job.payload)) }
          : { postpone: DELIVERY_REASONS.inventoryFull };
      case 'invalid-item':
        return { fail: DELIVERY_REASONS.invalidItem };
      default:
        // No sign of a give and no known refusal (an empty answer included): it may have landed.
        return reply.message.trim() === ''
          ? { fail: DELIVERY_REASONS.unknownOutcome }
          : { fail: `${DELIVERY_REASONS.unexpectedReply}: ${reply.message.slice(0, 200)}` };
    }
  }

  /** A product's command: done only when the game's answer (or a read-back) shows it worked. */
  async function commandStep(client: RconClient, command: string): Promise<StepOutcome> {
    const check = await runCheckedCommand(client, command, options.commandTimeoutMs);
    if (check.kind === 'done') return 'done';
    if (check.kind === 'unavailable') return { postpone: DELIVERY_REASONS.serverDown };
    return { fail: commandFailure(check, command) };
  }

  async function runStep(
    job: DeliveryJobRow,
    client: RconClient,
    step: number,
  ): Promise<StepOutcome> {
    // A link still being set up (the shop just started, or the server was just added) is given a
    // moment; only one known to be down postpones the delivery.
    if (client.status.state === 'connecting') {
      await client.waitForOnline(options.connectWaitMs).catch(() => undefined);
    }
    if (!client.isOnline) return { postpone: DELIVERY_REASONS.serverDown };
    const command = stepCommand(job, step);
    if (command === undefined) return 'done';

    if (!(await deliveries.beginStep(job, step, options.leaseSeconds))) return 'lost';
    return job.payload.kind === 'commands'
      ? commandStep(client, command)
      : giveStep(job, client, command, step);
  }

  /** What a delivery's log lines name: the job, its order, server and player. */
  const ids = (job: DeliveryJobRow) => ({
    deliveryId: job.id,
    orderId: job.orderId ?? undefined,
    serverId: job.serverId,
    userId: job.userId,
  });

  async function deliver(job: DeliveryJobRow) {
    // The previous holder died between marking a step and confirming it: the game may have it.
    if (job.inFlight !== null) return deliveries.fail(job, DELIVERY_REASONS.interrupted);
    const server = await servers.findById(job.serverId);
    if (!server) return deliveries.fail(job, DELIVERY_REASONS.serverGone);
    const client = pool.get({
      id: server.id,
      ip: server.ip,
      rconPort: server.rconPort,
      rconPassword: server.rconPassword,
    });
    const total = stepCount(job.payload);
    for (let step = job.progress; step < total; step += 1) {
      if (runner.stopped) return deliveries.postpone(job, DELIVERY_REASONS.shopRestarting, 0);
      const outcome = await runStep(job, client, step);
      // Another worker took this job over (our lease ran out while it waited): it is theirs now.
      if (outcome === 'lost')
        return log.warn({ jobId: job.id }, 'delivery taken over by another worker');
      if (outcome !== 'done') {
        if ('fail' in outcome) {
          logBusinessEvent(log, 'delivery_failed', { ...ids(job), reason: outcome.fail });
          return deliveries.fail(job, outcome.fail);
        }
        // The first wait only: a server down for hours retries many times, one line says it.
        if (job.attempts === 0) {
          logBusinessEvent(log, 'delivery_waiting', { ...ids(job), reason: outcome.postpone });
        }
        // Nothing of this step reached the game: it is safe to send it again later.
        return deliveries.postpone(job, outcome.postpone, job.attempts);
      }
      await deliveries.completeStep(job, step);
      if (step + 1 < total) await sleep(options.stackDelayMs);
    }
    const finished = await deliveries.finish(job);
    await jobsDone(finished);
    if (finished.length > 0 && job.payload.gift) await tellRecipient(job, client);
  }

  /** A gift landed: the recipient reads who sent it in the game chat. Best effort, never retried. */
  async function tellRecipient(job: DeliveryJobRow, client: RconClient) {
    const gift = job.payload.gift;
    if (!gift) return;
    const template = await giftNotice().catch(() => DEFAULT_GIFT_NOTICE);
    const reply = await client
      .send(giftNoticeCommand(job.steamId, gift, job.payload.itemName, template), {
        timeoutMs: options.commandTimeoutMs,
      })
      .catch(() => null);
    if (reply?.status !== 'ok')
      log.info({ jobId: job.id }, 'gift notice not confirmed by the game');
  }

  /** One server's jobs go one after another (the game runs commands in order anyway). */
  async function drain() {
    for (;;) {
      const jobs = await deliveries.claimRcon(options.batchSize, options.leaseSeconds);
      if (jobs.length === 0) return;
      const byServer = new Map<number, DeliveryJobRow[]>();
      for (const job of jobs)
        byServer.set(job.serverId, [...(byServer.get(job.serverId) ?? []), job]);
      await Promise.all(
        [...byServer.values()].map(async (serverJobs) => {
          for (const job of serverJobs) {
            await deliver(job).catch((error: unknown) => {
              log.error({ err: error, jobId: job.id }, 'delivery step crashed');
            });
          }
        }),
      );
      if (runner.stopped) return;
    }
  }

  const runner = createQueueRunner('delivery worker', drain, log, options.pollIntervalMs);
  return runner;
}

export type RconDeliveryWorker = ReturnType<typeof createRconDeliveryWorker>;
