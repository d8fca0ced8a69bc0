import { ADMIN_MESSAGES } from '@shop/shared';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { moderationConfirmed } from './moderation-replies';

const STRANGER = '76561198111000031';
const REGULAR = '76561198111000032';

let world: GameShop;
let second: RustSimHandle;
let stranger: Awaited<ReturnType<typeof createAccount>>;
let regular: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop({
    app: { gameServers: { monitorIntervalMs: false, consoleTimeoutMs: 500 } },
  });
  second = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
  await addServer(world.shop, world.admin.headers, { name: 'Second' }, second);
  // A player the game servers have never seen, and one who plays on the first.
  stranger = await createAccount(world.shop.app, world.shop.config, 'player', STRANGER);
  regular = await createAccount(world.shop.app, world.shop.config, 'player', REGULAR);
  world.game.addPlayer({ steamId: REGULAR, name: 'Regular' });
});
afterAll(async () => {
  await world?.close();
  await second?.close();
});

const post = (userId: number, action: string, payload: Record<string, unknown>) =>
  world.shop.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    headers: world.admin.headers,
    payload,
  });

describe('moderation reads what the game answered', () => {
  it('reports a mute of a player the server has never seen as failed, in the game’s words', async () => {
    const reply = await post(stranger.id, 'mute', {
      serverId: world.serverId,
      reason: 'спам',
      minutes: 30,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      success: false,
      message: `Мут не выдан: игра ответила «Could not find player with ID '${STRANGER}'»`,
      results: [
        {
          serverId: world.serverId,
          serverName: 'Classic',
          status: 'unknown',
          output: `Could not find player with ID '${STRANGER}'`,
        },
      ],
    });
    expect(reply.json().message).not.toBe(ADMIN_MESSAGES.muteDone);
    expect(world.game.mutes.has(STRANGER)).toBe(false);
    const [row] = await queryRows<{ after: string }>(
      world.shop.app.db,
      sql`select after from audit_log where action = 'moderation.mute' order by id desc limit 1`,
    );
    expect(JSON.parse(row!.after).servers).toEqual([
      { serverId: world.serverId, serverName: 'Classic', status: 'unknown', confirmed: false },
    ]);
  });

  it('says a server without the chat-mute plugin did not answer, instead of «Мут успешно выдан»', async () => {
    world.game.setSilent('bcm.mute');
    try {
      const reply = await post(regular.id, 'mute', {
        serverId: world.serverId,
        reason: 'спам',
        minutes: 5,
      });
      expect(reply.json()).toMatchObject({
        success: false,
        message: 'Мут не выдан: сервер не ответил',
        results: [{ status: 'unknown', output: expect.stringContaining('BetterChatMute') }],
      });
    } finally {
      world.game.setSilent('bcm.mute', false);
    }
  });

  it('names each server that did not confirm a ban on all of them', async () => {
    second.setSilent('banid');
    try {
      const reply = await post(stranger.id, 'ban', { serverId: 'all', reason: 'Читы' });
      expect(reply.json()).toMatchObject({
        success: false,
        message: 'Бан не выдан: Second — сервер не ответил',
        results: [
          { serverName: 'Classic', status: 'ok' },
          { serverName: 'Second', status: 'unknown' },
        ],
      });
      expect(world.game.bans.has(STRANGER)).toBe(true);
      // Only the server that banned saved its config.
      expect(second.commands.some((command) => command.name === 'server.writecfg')).toBe(false);
    } finally {
      second.setSilent('banid', false);
    }
  });

  it('confirms only on the success texts of BetterChatMute and the game', () => {
    expect(
      moderationConfirmed(
        'mute',
        '[Better Chat Mute] Kolya was muted by Server Console for 30 minute(s): спам.\n',
      ),
    ).toBe(true);
    expect(moderationConfirmed('mute', `Could not find player with ID '${STRANGER}'`)).toBe(false);
    expect(moderationConfirmed('mute', '')).toBe(false);
    expect(moderationConfirmed('unmute', 'Kolya is currently not muted.')).toBe(true);
    expect(moderationConfirmed('ban', `Kickbanned User: ${REGULAR} - Regular`)).toBe(true);
    expect(moderationConfirmed('ban', 'Player not found')).toBe(false);
    expect(moderationConfirmed('ban', `User ${REGULAR} is already banned`)).toBe(true);
    expect(moderationConfirmed('unban', `User ${REGULAR} isn't banned`)).toBe(true);
  });
});
