import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { startFakeDiscord, type FakeDiscord } from './fake-discord';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram';
import { startFakeVk, type FakeVk } from './fake-vk';
import { startGameShop, type GameShop } from './shop-fixtures';

/** The staff's Telegram group and VK conversation the tests' shop tells of events. */
export const STAFF_CHAT = -1001000000001;
export const VK_PEER = '2000000001';

export interface MessengerShop extends GameShop {
  telegram: FakeTelegram;
  vk: FakeVk;
  discord: FakeDiscord;
  /** The shop as it runs now (a restart replaces it). */
  app(): FastifyInstance;
  /** The shop process stops and starts again on the same database. */
  restart(): Promise<void>;
  /**
   * A staff destination added by the admin (201, else the test fails) and a first scan, after which
   * it hears of what happens: a source is read from the first scan on.
   */
  addDestination(
    channel: string,
    target: string,
    events: string[],
  ): Promise<{ id: number; target: string }>;
}

/**
 * A shop with a game server, talking to Telegram's, VK's and Discord's stand-ins on loopback; the
 * staff group and the VK conversation exist there and the community may write to them.
 */
export async function startMessengerShop(env: Record<string, string> = {}): Promise<MessengerShop> {
  const telegram = await startFakeTelegram();
  const vk = await startFakeVk();
  const discord = await startFakeDiscord();
  telegram.state.chat(STAFF_CHAT, 'supergroup', 'Персонал');
  vk.state.peers.add(VK_PEER);
  const world = await startGameShop({
    env: { ...telegram.env, ...vk.env, ...discord.env, ...env },
  });
  let current = world.shop.app;
  let restarted = false;
  return {
    ...world,
    telegram,
    vk,
    discord,
    app: () => current,
    async addDestination(channel, target, events) {
      const reply = await current.inject({
        method: 'POST',
        url: '/api/admin/notifications/destinations',
        headers: world.admin.headers,
        payload: { channel, target, events },
      });
      if (reply.statusCode !== 201)
        throw new Error(`destination: ${reply.statusCode} ${reply.body}`);
      await current.notifications.flush();
      return reply.json<{ id: number; target: string }>();
    },
    async restart() {
      await current.close();
      current = await buildApp({
        config: world.shop.config,
        database: world.shop.database,
        rateLimitMax: 100_000,
        gameServers: { monitorIntervalMs: false },
        reconcileIntervalMs: false,
        delivery: { autostart: false },
      });
      await current.ready();
      restarted = true;
    },
    async close() {
      if (restarted) await current.close();
      await world.close();
      await telegram.close();
      await vk.close();
      await discord.close();
    },
  };
}
