import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { RconPool } from './rcon-pool';
import type { RconLine } from './rcon-types';

let sim: RustSimHandle | undefined;
let pool: RconPool | undefined;

afterEach(async () => {
  await pool?.closeAll();
  await sim?.close();
  pool = undefined;
  sim = undefined;
});

describe('RconPool', () => {
  it('keeps one client per server and follows password changes', async () => {
    sim = await startRustSim({
      consoleIntervalMs: null,
      chatIntervalMs: null,
      password: 'first-pass',
    });
    pool = new RconPool({ backoff: { initialMs: 20, maxMs: 100 } });
    const server = { id: 7, ip: sim.host, rconPort: sim.port, rconPassword: 'first-pass' };
    const client = pool.get(server);
    expect(pool.get(server)).toBe(client);
    await client.waitForOnline();

    sim.setPassword('second-pass');
    expect(pool.get({ ...server, rconPassword: 'second-pass' })).toBe(client);
    await client.waitForOnline();
    expect(await client.send('echo ok')).toMatchObject({ status: 'ok', message: 'ok' });
    expect(sim.connectionAttempts.map((a) => a.outcome)).toEqual(['accepted', 'accepted']);
    expect(pool.ids()).toEqual(['7']);
  });

  it('tags console lines and status with the server id, and closes everything', async () => {
    sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null });
    pool = new RconPool();
    const lines: Array<[string, RconLine]> = [];
    const states: string[] = [];
    pool.onLine((id, line) => lines.push([id, line]));
    pool.onStatus((id, status) => states.push(`${id}:${status.state}`));
    const client = pool.get({
      id: 'main',
      ip: sim.host,
      rconPort: sim.port,
      rconPassword: sim.password,
    });
    await client.waitForOnline();
    sim.sendConsoleLine('hello console');
    await client.send('echo sync');
    expect(lines.map(([id, line]) => [id, line.message])).toEqual([['main', 'hello console']]);
    await pool.closeAll();
    expect(pool.ids()).toEqual([]);
    expect(states).toEqual(['main:connecting', 'main:online']);
    expect(client.status.reason).toBe('closed');
  });
});
