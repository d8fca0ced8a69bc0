import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { RCON_ERRORS } from '../../integrations/rust-rcon/rcon-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { waitUntil } from '../../test-support/wait-until';
import { POLL_ERRORS } from './server-monitor';

let sim: RustSimHandle;
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let player: Awaited<ReturnType<typeof createAccount>>;
let serverId: number;

beforeAll(async () => {
  sim = await startRustSim({
    hostname: 'Sim Classic',
    map: 'Procedural Map',
    maxPlayers: 150,
    consoleIntervalMs: null,
    chatIntervalMs: null,
  });
  shop = await createTestApp(
    {},
    {
      gameServers: {
        monitorIntervalMs: false,
        consoleTimeoutMs: 500,
        rcon: { commandTimeoutMs: 1_000, backoff: { initialMs: 50, maxMs: 200, jitter: 0 } },
      },
    },
  );
  admin = await createAccount(shop.app, shop.config, 'admin');
  player = await createAccount(shop.app, shop.config, 'player');
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/servers',
    headers: admin.headers,
    payload: {
      name: 'Classic',
      ip: sim.host,
      port: 28015,
      rconPort: sim.port,
      rconPassword: sim.password,
    },
  });
  serverId = created.json().id;
});
afterAll(async () => {
  await shop.close();
  await sim.close();
});

const publicStatus = async () =>
  (await shop.app.inject({ url: `/api/servers/${serverId}/status` })).json();

async function waitForStatus(status: 'online' | 'offline') {
  await waitUntil(
    async () => {
      await shop.app.servers.monitor.pollNow();
      return (await publicStatus()).status === status;
    },
    { what: `server ${status}` },
  );
}

const runCommand = (command: unknown, id: number = serverId) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/rcon/${id}`,
    headers: admin.headers,
    payload: { command },
  });

describe('server monitor', () => {
  it('sees the server online with its map, capacity and players', async () => {
    await waitForStatus('online');
    expect(await publicStatus()).toMatchObject({
      status: 'online',
      map: 'Procedural Map',
      maxPlayers: 150,
      playersOnline: 2,
    });
  });

  it('lists the nicknames online to signed-in players only', async () => {
    const url = `/api/servers/${serverId}/players`;
    expect((await shop.app.inject({ url })).statusCode).toBe(401);
    sim.addPlayer({ steamId: '76561198000000099', name: 'Newcomer' });
    await shop.app.servers.monitor.pollNow();
    const reply = (await shop.app.inject({ url, headers: player.headers })).json();
    expect(reply.total).toBe(3);
    expect(reply.nicks).toEqual(
      expect.arrayContaining(['Bandit_Kolya', 'Vasya Raider', 'Newcomer']),
    );
    sim.removePlayer('76561198000000099');
  });

  it('flips the server offline when the game stops and online again when it returns', async () => {
    await sim.stop();
    try {
      await waitForStatus('offline');
      expect((await publicStatus()).playersOnline).toBe(0);
      const adminView = (
        await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers })
      ).json()[0];
      // In the admin's words; what the socket said stays in the log. A poll already sent when the
      // game went down ends unanswered, which a busy machine makes the first thing the monitor sees.
      expect([RCON_ERRORS.linkLost, RCON_ERRORS.refusedConnection, POLL_ERRORS.noAnswer]).toContain(
        adminView.lastError,
      );
    } finally {
      await sim.start(); // the other tests need the game back, whatever happened above
    }
    await waitForStatus('online');
    expect((await publicStatus()).playersOnline).toBe(2);
  });

  it('runs console commands for admins and returns the output', async () => {
    const reply = await runCommand('serverinfo');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().status).toBe('ok');
    expect(JSON.parse(reply.json().output)).toMatchObject({ Hostname: 'Sim Classic' });
    expect(sim.commands.some((record) => record.message === 'serverinfo')).toBe(true);
  });

  it('refuses an empty console command with the message of the specification', async () => {
    for (const command of ['', '   ', 42, null]) {
      const reply = await runCommand(command);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toBe('Команда RCON не указана или неверного формата');
    }
  });

  it('reports a command the game never answers as unknown, not failed', async () => {
    sim.setSilent('say');
    const reply = await runCommand('say hello');
    expect(reply.json()).toEqual({
      status: 'unknown',
      output: 'Сервер не ответил вовремя: команда могла выполниться.',
    });
  });

  it('answers whether a player is online', async () => {
    const check = async (steamId: string) =>
      (
        await shop.app.inject({
          url: `/api/admin/player-online/${serverId}/${steamId}`,
          headers: admin.headers,
        })
      ).json();
    expect(await check('76561198000000002')).toEqual({ isOnline: true });
    expect(await check('76561198000000004')).toEqual({ isOnline: false });
  });

  it('says the server is unreachable when RCON is down', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/servers',
      headers: admin.headers,
      payload: { name: 'Down', ip: '127.0.0.1', port: 1, rconPort: 1, rconPassword: 'x' },
    });
    const reply = await runCommand('status', created.json().id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(
      'Нет связи с сервером по RCON. Проверьте адрес, порт и пароль.',
    );
  });

  it('tells the admin in Russian why a server is out of reach, with no socket codes', async () => {
    const add = async (name: string, rconPort: number, rconPassword: string) =>
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/admin/servers',
          headers: admin.headers,
          payload: { name, ip: '127.0.0.1', port: 28015, rconPort, rconPassword },
        })
      ).json().id as number;
    const wrongPassword = await add('Wrong password', sim.port, 'not-the-password');
    const closedPort = await add('Closed port', 1, 'x');
    const lastError = async (id: number) =>
      (await shop.app.inject({ url: '/api/admin/servers', headers: admin.headers }))
        .json()
        .find((server: { id: number }) => server.id === id)?.lastError;
    // Once the first attempts are over (while connecting it is only «Нет связи по RCON.»).
    await waitUntil(
      async () => {
        await shop.app.servers.monitor.pollNow();
        return (
          (await lastError(wrongPassword)) === RCON_ERRORS.passwordRefused &&
          (await lastError(closedPort)) === RCON_ERRORS.refusedConnection
        );
      },
      { what: 'the reasons of both, in Russian' },
    );
  });
});
