import { startRustSim, type RustSimHandle, type RustSimOptions } from '@shop/rust-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { RconClient } from './rcon-client';
import { classifyGiveReply, parsePlayerList, parseServerInfo } from './rcon-replies';
import type { RconClientOptions, RconLine, RconStatus } from './rcon-types';

const KOLYA = '76561198000000002';
const OFFLINE = '76561198000000004';
const FAST_BACKOFF = { initialMs: 20, maxMs: 100, factor: 2, jitter: 0.2 };

let sim: RustSimHandle | undefined;
const clients: RconClient[] = [];

async function setup(
  simOptions: RustSimOptions = {},
  clientOptions: Partial<RconClientOptions> = {},
) {
  sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null, ...simOptions });
  const client = new RconClient({
    host: sim.host,
    port: sim.port,
    password: sim.password,
    backoff: FAST_BACKOFF,
    ...clientOptions,
  });
  clients.push(client);
  client.connect();
  return { sim, client };
}

function waitForStatus(
  client: RconClient,
  predicate: (s: RconStatus) => boolean,
  timeoutMs = 3000,
) {
  if (predicate(client.status)) return Promise.resolve(client.status);
  return new Promise<RconStatus>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`status not reached: ${JSON.stringify(client.status)}`)),
      timeoutMs,
    );
    const stop = client.onStatus((status) => {
      if (!predicate(status)) return;
      clearTimeout(timer);
      stop();
      resolve(status);
    });
  });
}

/** Polls a condition that has no event of its own (the server side noticing a close). */
async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await sim?.close();
  sim = undefined;
});

describe('RconClient against the simulated server', () => {
  it('matches 50 concurrent commands to their own replies', async () => {
    const { client } = await setup();
    await client.waitForOnline();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.send(`echo reply-${i}`)),
    );
    // `echo` logs its text (Identifier of the command) and replies nothing: both are its answer.
    results.forEach((result, i) =>
      expect(result).toEqual({
        status: 'ok',
        message: `reply-${i}`,
        type: 'Generic',
        lines: [
          { message: `reply-${i}`, type: 'Generic' },
          { message: '', type: 'Generic' },
        ],
      }),
    );
    const identifiers = sim?.commands.map((c) => c.identifier) ?? [];
    expect(new Set(identifiers).size).toBe(50);
    expect(Math.min(...identifiers)).toBeGreaterThanOrEqual(1001);
  });

  it('calls a command with no reply unknown after its timeout, and keeps working', async () => {
    const { client } = await setup(
      { silentCommands: ['inventory.giveto'] },
      { commandTimeoutMs: 150 },
    );
    await client.waitForOnline();
    expect(await client.send(`inventory.giveto ${KOLYA} wood 10`)).toEqual({
      status: 'unknown',
      reason: 'timeout',
    });
    // The give did happen: "unknown" must be read as "maybe done".
    expect(sim?.gifts(KOLYA)).toHaveLength(1);
    expect(await client.send('echo still here')).toMatchObject({
      status: 'ok',
      message: 'still here',
    });
  });

  it('gathers what the game logs while a command runs, then its reply, as one answer', async () => {
    const { client } = await setup({ groups: ['default'] });
    await client.waitForOnline();
    const missing = await client.send(`oxide.usergroup add ${KOLYA} vip_gold`);
    expect(missing).toMatchObject({
      status: 'ok',
      message: "Group 'vip_gold' doesn't exist",
      lines: [
        { message: "Group 'vip_gold' doesn't exist", type: 'Generic' },
        { message: '', type: 'Generic' },
      ],
    });
    const shown = await client.send(`oxide.show user ${KOLYA}`);
    expect(shown.status === 'ok' && shown.message).toContain('groups:\ndefault');
  });

  it('calls a command the game does not know unknown: the game sends no frame for it', async () => {
    const { sim: s, client } = await setup({}, { commandTimeoutMs: 200 });
    await client.waitForOnline();
    expect(await client.send('oxide.usergroupp add x y')).toEqual({
      status: 'unknown',
      reason: 'timeout',
    });
    expect(s.commands.at(-1)?.replies).toEqual([]);
  });

  it('says unavailable while not connected, without sending anything', async () => {
    const { client } = await setup();
    expect(await client.send('serverinfo')).toEqual({
      status: 'unavailable',
      reason: 'connecting',
    });
    await client.waitForOnline();
    await sim?.stop();
    await waitForStatus(client, (s) => s.state === 'offline');
    expect(await client.send('serverinfo')).toEqual({ status: 'unavailable', reason: 'offline' });
    expect(sim?.commands).toHaveLength(0);
  });

  it('comes back by itself after the server stops and starts on the same port', async () => {
    const { client } = await setup({}, { commandTimeoutMs: 2000 });
    await client.waitForOnline();
    const states: string[] = [];
    client.onStatus((s) => states.push(s.state));
    await sim?.stop();
    const offline = await waitForStatus(client, (s) => s.state === 'offline');
    expect(offline.reason).toBe('unreachable');
    expect(offline.nextRetryAt).toBeInstanceOf(Date);
    await sim?.start();
    await waitForStatus(client, (s) => s.state === 'online');
    expect(states).toEqual(expect.arrayContaining(['offline', 'connecting', 'online']));
    expect(await client.send('echo back')).toMatchObject({ status: 'ok', message: 'back' });
  });

  it('ends an in-flight command as unknown when the link drops', async () => {
    const { client } = await setup({ silentCommands: ['serverinfo'] }, { commandTimeoutMs: 5000 });
    await client.waitForOnline();
    const inFlight = client.send('serverinfo');
    await sim?.waitForCommand((c) => c.name === 'serverinfo');
    await sim?.stop();
    expect(await inFlight).toEqual({ status: 'unknown', reason: 'connection-lost' });
  });

  it('backs off for a minute after a refused password instead of hammering', async () => {
    const { sim: s, client } = await setup({}, { password: 'wrong' });
    const refused = await waitForStatus(client, (st) => st.state === 'offline');
    expect(refused.reason).toBe('password-refused');
    const waitMs = (refused.nextRetryAt?.getTime() ?? 0) - refused.since.getTime();
    // A naive client retrying at the fast backoff (20-100 ms) would make hundreds of tries a minute.
    expect(waitMs).toBeGreaterThanOrEqual(60_000);
    expect(s.connectionAttempts).toHaveLength(1);
    expect(s.failedAttempts()).toBe(1);
  });

  it('stops retrying a refused password well before the server would ban the address', async () => {
    const { sim: s, client } = await setup({}, { password: 'wrong', refusedBackoffMs: 30 });
    const gaveUp = await waitForStatus(
      client,
      (st) => st.state === 'offline' && st.nextRetryAt === null,
    );
    expect(gaveUp.reason).toBe('password-refused');
    expect(s.connectionAttempts.map((a) => a.outcome)).toEqual([
      'wrong-password',
      'wrong-password',
    ]);
    expect(s.isAddressBanned()).toBe(false);
    expect(await client.send('serverinfo')).toEqual({
      status: 'unavailable',
      reason: 'password-refused',
    });
    // A corrected password (from the admin panel) reconnects at once.
    client.updateEndpoint({ host: s.host, port: s.port, password: s.password });
    await client.waitForOnline();
  });

  it('streams console lines and chat to subscribers until they unsubscribe', async () => {
    const { sim: s, client } = await setup();
    const lines: RconLine[] = [];
    const unsubscribe = client.onLine((line) => lines.push(line));
    await client.waitForOnline();
    s.sendConsoleLine('Saving 4321 entities');
    s.sendChat({ message: 'привет', username: 'Bandit_Kolya', userId: KOLYA });
    await client.send('echo sync'); // replies come in order after the two broadcasts
    expect(lines.map((l) => [l.identifier, l.type])).toEqual([
      [0, 'Generic'],
      [-1, 'Chat'],
    ]);
    expect(JSON.parse(lines[1]?.message ?? '{}')).toMatchObject({
      Message: 'привет',
      UserId: KOLYA,
    });
    unsubscribe();
    s.sendConsoleLine('after');
    await client.send('echo sync2');
    expect(lines).toHaveLength(2);
  });

  it('parses serverinfo and playerlist replies', async () => {
    const { client } = await setup({ hostname: 'RU Main', maxPlayers: 150 });
    await client.waitForOnline();
    const info = await client.send('serverinfo');
    const players = await client.send('playerlist');
    if (info.status !== 'ok' || players.status !== 'ok') throw new Error('no reply');
    expect(parseServerInfo(info.message)).toMatchObject({
      ok: true,
      value: { hostname: 'RU Main', maxPlayers: 150, players: 2, queued: 0 },
    });
    const list = parsePlayerList(players.message);
    expect(list.ok && list.value.map((p) => p.steamId)).toContain(KOLYA);
  });

  it('reports inventory.giveto outcomes for an offline player, an invalid item and a success', async () => {
    const { sim: s, client } = await setup();
    await client.waitForOnline();
    const offline = await client.send(`inventory.giveto ${OFFLINE} wood 100`);
    const invalid = await client.send(`inventory.giveto ${KOLYA} not.an.item 1`);
    const given = await client.send(`inventory.giveto ${KOLYA} wood 100`);
    const outcome = (r: typeof offline) =>
      r.status === 'ok' ? classifyGiveReply(r.message) : r.status;
    expect([outcome(offline), outcome(invalid), outcome(given)]).toEqual([
      'player-not-found',
      'invalid-item',
      'given',
    ]);
    expect(s.commands.map((c) => c.message)).toEqual([
      `inventory.giveto ${OFFLINE} wood 100`,
      `inventory.giveto ${KOLYA} not.an.item 1`,
      `inventory.giveto ${KOLYA} wood 100`,
    ]);
    expect(new Set(s.commands.map((c) => c.connectionId)).size).toBe(1);
  });

  it('closes cleanly: socket gone, pending commands unknown, no more retries', async () => {
    const { sim: s, client } = await setup({ silentCommands: ['status'] });
    await client.waitForOnline();
    const pending = client.send('status');
    await s.waitForCommand((c) => c.name === 'status');
    await client.close();
    expect(await pending).toEqual({ status: 'unknown', reason: 'closed' });
    expect(client.status).toMatchObject({ state: 'offline', reason: 'closed', nextRetryAt: null });
    expect(await client.send('echo x')).toEqual({ status: 'unavailable', reason: 'closed' });
    await until(() => s.connectionCount === 0);
  });
});
