import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RustSimHandle } from './handle';
import { startRustSim } from './sim';
import { connectRaw, tryConnect } from './test-client';
import type { RustSimOptions } from './types';

const KOLYA = '76561198000000002';
const OFFLINE = '76561198000000004';
let sim: RustSimHandle | undefined;

async function start(options: RustSimOptions = {}): Promise<RustSimHandle> {
  sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null, ...options });
  return sim;
}

afterEach(async () => {
  vi.useRealTimers();
  await sim?.close();
  sim = undefined;
});

describe('rust-sim WebRcon listener', () => {
  it('accepts the password in the path and answers serverinfo, playerlist and status', async () => {
    const s = await start({ hostname: 'Test Server', map: 'Barren', maxPlayers: 50 });
    const client = await connectRaw(s.url);
    const info = await client.run(1001, 'serverinfo');
    expect(info).toMatchObject({ Identifier: 1001, Type: 'Generic', Stacktrace: '' });
    expect(JSON.parse(info.Message)).toMatchObject({
      Hostname: 'Test Server',
      Map: 'Barren',
      MaxPlayers: 50,
      Players: 2,
    });
    const list = JSON.parse((await client.run(1002, 'playerlist')).Message) as Array<
      Record<string, unknown>
    >;
    expect(list.map((p) => p.SteamID)).toContain(KOLYA);
    expect(list[0]).toHaveProperty('VoiationLevel');
    const status = (await client.run(1003, 'status')).Message;
    expect(status).toContain('hostname: Test Server');
    expect(status).toContain('players : 2 (50 max) (0 queued) (0 joining)');
    await client.close();
  });

  it('refuses a wrong password like the game and bans the address after 5 failures', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await start({ password: 'right' });
    const wrong = `ws://127.0.0.1:${s.port}/wrong`;
    for (let i = 0; i < 5; i += 1) expect(await tryConnect(wrong)).toBe('refused');
    expect(s.isAddressBanned()).toBe(true);
    // While banned even the right password is refused (and the game logs it as critical).
    expect(await tryConnect(s.url)).toBe('refused');
    expect(s.connectionAttempts.map((a) => a.outcome)).toEqual([
      ...Array(5).fill('wrong-password'),
      'banned',
    ]);
    vi.setSystemTime(Date.now() + 300_001);
    expect(await tryConnect(s.url)).toBe('open');
    expect(s.failedAttempts()).toBe(0);
  });

  it('compares the path exactly: a trailing slash is a wrong password', async () => {
    const s = await start({ password: 'secret', maxPasswordFailures: 2, banDurationMs: 1000 });
    expect(await tryConnect(`${s.url}/`)).toBe('refused');
    expect(s.failedAttempts()).toBe(1);
  });

  it('gives items with the real replies', async () => {
    const s = await start({ players: [{ steamId: KOLYA, name: 'Bandit_Kolya', freeSlots: 1 }] });
    const client = await connectRaw(s.url);
    expect((await client.run(1001, `inventory.giveto ${OFFLINE} wood 100`)).Message).toBe(
      "Couldn't find player!",
    );
    expect((await client.run(1002, `inventory.giveto ${KOLYA} no.such.item 1`)).Message).toBe(
      'Invalid Item!',
    );
    expect((await client.run(1003, `inventory.giveto ${KOLYA} rifle.ak 1`)).Message).toBe(
      ' [ServerVar] giving Bandit_Kolya 1 x Assault Rifle',
    );
    expect((await client.run(1004, `inventory.giveto ${KOLYA} wood 500`)).Message).toBe(
      "Couldn't give item (inventory full?)",
    );
    expect(s.gifts(KOLYA)).toMatchObject([{ shortname: 'rifle.ak', amount: 1 }]);
    await client.close();
  });

  it('gives an item whose shortname has a space when it comes as one quoted argument', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    expect((await client.run(1001, `inventory.giveto ${KOLYA} "2module car" 1`)).Message).toBe(
      ' [ServerVar] giving Bandit_Kolya 1 x 2 Module Car',
    );
    expect(s.gifts(KOLYA)).toMatchObject([{ shortname: '2module car', amount: 1 }]);
    await client.close();
  });

  it('matches a partial shortname as the game does (first item containing it)', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    const reply = await client.run(1001, `inventory.giveto ${KOLYA} rifle 1`);
    expect(reply.Message).toContain('x Assault Rifle');
    await client.close();
  });

  it('runs moderation commands with the game and plugin replies', async () => {
    const s = await start({ groups: ['vip'] });
    const client = await connectRaw(s.url);
    expect((await client.run(1001, `ban ${OFFLINE} "cheat"`)).Message).toBe('Player not found');
    expect((await client.run(1002, `banid ${OFFLINE} "Nadya" "cheat" 1d`)).Message).toBe(
      `Banned User for 1 day: ${OFFLINE} - "Nadya" for "cheat"`,
    );
    expect((await client.run(1003, 'server.writecfg')).Message).toBe('Config Saved');
    expect((await client.run(1004, `kick ${KOLYA} "afk"`)).Message).toBe('Kicked: Bandit_Kolya');
    const kickChat = await client.frame((f) => f.Identifier === -1);
    expect(kickChat.Type).toBe('Chat');
    expect(JSON.parse(kickChat.Message)).toMatchObject({
      Message: 'Kicking Bandit_Kolya (afk)',
      Username: 'SERVER',
    });
    expect((await client.run(1005, `bcm.mute ${KOLYA} "spam" 1d30m`)).Message).toBe(
      '[Better Chat Mute] Bandit_Kolya was muted by Server Console for 1 day(s) and 30 minute(s): spam.',
    );
    // BetterChatMute does not read bare seconds as a time: the mute becomes permanent.
    await client.run(1006, `bcm.mute ${KOLYA} "spam" 86400`);
    expect(s.mutes.get(KOLYA)).toEqual({ steamId: KOLYA, reason: 'spam 86400', durationMs: null });
    expect((await client.run(1007, `oxide.usergroup add ${KOLYA} vip`)).Message).toBe(
      `Player 'Bandit_Kolya(${KOLYA})' added to group: vip`,
    );
    expect((await client.run(1008, `oxide.usergroup add ${KOLYA} gold`)).Message).toBe(
      "Group 'gold' doesn't exist",
    );
    expect(s.groups.get('vip')?.has(KOLYA)).toBe(true);
    expect(s.groups.has('gold')).toBe(false);
    await client.close();
  });

  it('say broadcasts chat and replies empty; silenced commands never answer', async () => {
    const s = await start({ silentCommands: ['serverinfo'] });
    const client = await connectRaw(s.url);
    client.send(1001, 'say hello all');
    const chat = await client.frame((f) => f.Identifier === -1);
    expect(JSON.parse(chat.Message)).toMatchObject({
      Message: 'hello all',
      Username: 'SERVER',
      UserId: '0',
    });
    expect((await client.frame((f) => f.Identifier === 1001)).Message).toBe('');
    client.send(1002, 'serverinfo');
    const record = await s.waitForCommand((c) => c.identifier === 1002);
    expect(record).toMatchObject({ name: 'serverinfo', silenced: true, replies: [] });
    expect(client.frames.some((f) => f.Identifier === 1002)).toBe(false);
    await client.close();
  });

  it('records every command with its connection', async () => {
    const s = await start();
    const first = await connectRaw(s.url);
    const second = await connectRaw(s.url);
    await first.run(1001, 'echo one');
    await second.run(1001, 'echo two');
    // `echo` logs its text and replies nothing: two frames each.
    expect(s.commands.map((c) => [c.message, c.identifier, c.replies])).toEqual([
      ['echo one', 1001, ['one', '']],
      ['echo two', 1001, ['two', '']],
    ]);
    expect(s.commands[0]?.connectionId).not.toBe(s.commands[1]?.connectionId);
    expect(s.commands[0]?.address).toBe('127.0.0.1');
    await Promise.all([first.close(), second.close()]);
  });

  it('pushes console lines (0) and chat (-1) to every client, and players join and leave', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    s.sendConsoleLine('Saving 1234 entities');
    s.sendChat({ message: 'hi', username: 'Bandit_Kolya', userId: KOLYA });
    const joined = s.addPlayer({ name: 'Newbie' });
    expect(
      await client.frame((f) => f.Identifier === 0 && f.Message === 'Saving 1234 entities'),
    ).toBeTruthy();
    expect(
      await client.frame((f) => f.Identifier === 0 && f.Message.includes('Newbie joined')),
    ).toBeTruthy();
    expect(JSON.parse((await client.frame((f) => f.Type === 'Chat')).Message)).toMatchObject({
      UserId: KOLYA,
    });
    expect(s.removePlayer(joined.steamId)).toBe(true);
    expect(s.players().some((p) => p.name === 'Newbie')).toBe(false);
    await client.close();
  });

  it('churns only bystanders: residents stay online through any number of rounds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    let seed = 7;
    const s = await start({
      players: [{ steamId: KOLYA, name: 'Bandit_Kolya', resident: true }, { name: 'Passer-by' }],
      maxPlayers: 4,
      churnIntervalMs: 1000,
      // A fixed sequence, so the run is the same every time.
      random: () => (seed = (seed * 48271) % 2147483647) / 2147483647,
    });
    const seen = new Set<string>();
    for (let round = 0; round < 200; round += 1) {
      vi.advanceTimersByTime(1000);
      const online = s.players();
      expect(online.some((player) => player.steamId === KOLYA)).toBe(true);
      expect(online.length).toBeLessThanOrEqual(4);
      for (const player of online) seen.add(player.steamId);
    }
    // Bystanders did come and go meanwhile.
    expect(seen.size).toBeGreaterThan(4);
  });

  it('stops and starts again on the same port', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    const port = s.port;
    await s.stop();
    expect(s.connectionCount).toBe(0);
    expect(s.isRunning).toBe(false);
    expect(await tryConnect(s.url)).toBe('unreachable');
    await s.start();
    expect(s.port).toBe(port);
    expect(await tryConnect(s.url)).toBe('open');
    await client.close();
  });
});
