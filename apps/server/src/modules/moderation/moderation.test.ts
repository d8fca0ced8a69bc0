import { ADMIN_MESSAGES } from '@shop/shared';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { queryRows } from '../../test-support/sql';
import { sql } from 'drizzle-orm';

const ONLINE = '76561198111000001';
const OFFLINE = '76561198111000002';
const HOSTILE = 'читы"; say pwned; ban 76561198111000009 "x';

let world: GameShop;
let second: RustSimHandle;
let secondId: number;
let online: Awaited<ReturnType<typeof createAccount>>;
let offline: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  world = await startGameShop();
  second = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
  secondId = await addServer(world.shop, world.admin.headers, { name: 'Second' }, second);
  online = await createAccount(world.shop.app, world.shop.config, 'player', ONLINE);
  offline = await createAccount(world.shop.app, world.shop.config, 'player', OFFLINE);
  world.game.addPlayer({ steamId: ONLINE, name: 'Rusty' });
  // The chat-mute plugin only knows players the server has seen.
  world.game.addPlayer({ steamId: OFFLINE, name: 'Gone' });
  world.game.removePlayer(OFFLINE);
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
const sentSince = (game: RustSimHandle, from: number) => game.commands.slice(from);

describe('mute', () => {
  it('sends one chat-mute command with the Steam ID, the reason as one argument and days×86400 + minutes×60 seconds', async () => {
    const from = world.game.commands.length;
    const reply = await post(online.id, 'mute', {
      serverId: world.serverId,
      reason: HOSTILE,
      days: 1,
      minutes: 30,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const sent = sentSince(world.game, from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toBe('bcm.mute');
    expect(sent[0]!.args).toEqual([ONLINE, "читы', say pwned, ban 76561198111000009 'x", '88200s']);
    expect(world.game.mutes.get(ONLINE)?.durationMs).toBe(88_200_000);
    expect(reply.json()).toMatchObject({
      success: true,
      message: ADMIN_MESSAGES.muteDone,
      results: [{ serverId: world.serverId, status: 'ok' }],
    });
    expect(reply.json().results[0].output).toContain('was muted');
    expect(world.game.bans.has('76561198111000009')).toBe(false);

    const unmute = await post(online.id, 'unmute', { serverId: world.serverId });
    expect(unmute.json().results[0].output).toContain('unmuted');
    expect(world.game.mutes.has(ONLINE)).toBe(false);
  });

  it('refuses a blank reason, no server, a zero duration and a line break, sending nothing', async () => {
    const from = world.game.commands.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ serverId: world.serverId, reason: '  ', days: 1 }, ADMIN_MESSAGES.moderationFields],
      [{ reason: 'спам', days: 1 }, ADMIN_MESSAGES.moderationFields],
      [
        { serverId: world.serverId, reason: 'спам', days: 0, minutes: 0 },
        ADMIN_MESSAGES.muteDuration,
      ],
      [
        { serverId: world.serverId, reason: 'спам', days: -1, minutes: 5 },
        ADMIN_MESSAGES.muteDuration,
      ],
    ];
    for (const [payload, message] of cases) {
      const reply = await post(online.id, 'mute', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toBe(message);
    }
    const newline = await post(online.id, 'ban', {
      serverId: world.serverId,
      reason: 'спам\nsay pwned',
    });
    expect(newline.statusCode).toBe(400);
    expect(sentSince(world.game, from)).toHaveLength(0);
  });
});

describe('ban', () => {
  it('uses `ban` for a player on the server and keeps a hostile reason as one argument', async () => {
    const from = world.game.commands.length;
    const reply = await post(online.id, 'ban', { serverId: world.serverId, reason: HOSTILE });
    expect(reply.statusCode, reply.body).toBe(200);
    const sent = sentSince(world.game, from).filter((command) => command.name !== 'playerlist');
    expect(sent.map((command) => command.name)).toEqual(['ban', 'server.writecfg']);
    expect(sent[0]!.args).toEqual([ONLINE, "читы', say pwned, ban 76561198111000009 'x"]);
    expect(world.game.bans.get(ONLINE)?.reason).toBe("читы', say pwned, ban 76561198111000009 'x");
    expect(world.game.bans.size).toBe(1);
    expect(reply.json().results[0].output).toContain('Kickbanned');
  });

  it('uses `banid` then saves the config for a player who is not on, on every server with "all"', async () => {
    const from = [world.game.commands.length, second.commands.length];
    const reply = await post(offline.id, 'ban', { serverId: 'all', reason: 'Читы' });
    expect(reply.statusCode, reply.body).toBe(200);
    for (const [index, game] of [world.game, second].entries()) {
      const sent = sentSince(game, from[index]!).filter((command) => command.name !== 'playerlist');
      expect(sent.map((command) => command.name)).toEqual(['banid', 'server.writecfg']);
      // The name is the one the shop knows: the server may never have seen the player.
      expect(sent[0]!.args).toEqual([OFFLINE, expect.stringMatching(/^Player \d+$/), 'Читы']);
      expect(game.bans.get(OFFLINE)?.reason).toBe('Читы');
    }
    expect(reply.json().results.map((result: { serverId: number }) => result.serverId)).toEqual([
      world.serverId,
      secondId,
    ]);

    const unban = await post(offline.id, 'unban', { serverId: 'all' });
    expect(unban.json().message).toBe(ADMIN_MESSAGES.unbanDone);
    expect(world.game.bans.has(OFFLINE) || second.bans.has(OFFLINE)).toBe(false);
  });

  it('answers 409 when the one server asked cannot be reached, and 404 for an unknown player', async () => {
    const downId = await addServer(world.shop, world.admin.headers, { name: 'Down', rconPort: 1 });
    const down = await post(online.id, 'mute', { serverId: downId, reason: 'спам', minutes: 5 });
    expect(down.statusCode).toBe(409);
    const missing = await post(2_000_000, 'ban', { serverId: world.serverId, reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('writes each action to the audit log with the reason and every server’s outcome', async () => {
    const rows = await queryRows<{ action: string; reason: string | null; after: string }>(
      world.shop.app.db,
      sql`select action, reason, after from audit_log where action like 'moderation.%' order by id`,
    );
    expect(rows.map((row) => row.action)).toEqual([
      'moderation.mute',
      'moderation.unmute',
      'moderation.ban',
      'moderation.ban',
      'moderation.unban',
      'moderation.mute',
    ]);
    expect(rows[0]!.reason).toBe(HOSTILE);
    expect(JSON.parse(rows[0]!.after)).toMatchObject({ seconds: 88_200 });
  });
});
