import { afterEach, describe, expect, it } from 'vitest';
import type { RustSimHandle } from './handle';
import { startRustSim } from './sim';
import { connectRaw } from './test-client';
import { dotnetDateText } from './world';

let sim: RustSimHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const start = async (options: Parameters<typeof startRustSim>[0] = {}) =>
  (sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null, ...options }));

async function serverInfo(url: string): Promise<Record<string, unknown>> {
  const client = await connectRaw(url);
  const reply = await client.run(1001, 'serverinfo');
  await client.close();
  return JSON.parse(reply.Message) as Record<string, unknown>;
}

describe('rust-sim save and wipe', () => {
  it('prints DateTime the way .NET does with no format: month first, 24-hour, UTC', () => {
    expect(dotnetDateText(new Date('2023-04-17T06:00:42.789Z'))).toBe('04/17/2023 06:00:42');
    expect(dotnetDateText(new Date('2025-12-04T19:05:09Z'))).toBe('12/04/2025 19:05:09');
  });

  it('reports the save it was started on as SaveCreatedTime, with its seed and size', async () => {
    const s = await start({
      saveCreatedAt: new Date('2025-11-06T19:00:00.600Z'),
      seed: 1337,
      worldSize: 3500,
    });
    expect((await serverInfo(s.url)).SaveCreatedTime).toBe('11/06/2025 19:00:00');
    expect(s.saveCreatedAt.toISOString()).toBe('2025-11-06T19:00:00.000Z');
    const client = await connectRaw(s.url);
    expect((await client.run(1002, 'server.seed')).Message).toBe('server.seed: "1337"');
    expect((await client.run(1003, 'server.worldsize')).Message).toBe('server.worldsize: "3500"');
    await client.close();
  });

  it('keeps the save through a restart and makes a new one, with a new seed, at a wipe', async () => {
    const s = await start({ seed: 42 });
    const first = s.saveCreatedAt;
    await s.stop();
    await s.start();
    expect(s.saveCreatedAt).toEqual(first);

    const at = s.wipe({ at: new Date('2030-01-02T03:04:05.999Z'), worldSize: 3000 });
    expect(at.toISOString()).toBe('2030-01-02T03:04:05.000Z');
    expect(s.seed).not.toBe(42);
    expect(s.worldSize).toBe(3000);
    const info = await serverInfo(s.url);
    expect(info.SaveCreatedTime).toBe('01/02/2030 03:04:05');
    expect(info.Uptime).toBeLessThan(5);
  });

  it('wipes on the console command sim.wipe, and refuses what is not a number', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    const before = s.saveCreatedAt.getTime();
    expect((await client.run(1001, 'sim.wipe 777 x')).Message).toBe(
      'Usage: sim.wipe [seed] [worldsize]',
    );
    expect(s.saveCreatedAt.getTime()).toBe(before);
    expect((await client.run(1002, 'sim.wipe 777 4500')).Message).toMatch(
      /^Wiped: new save \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d, seed 777, size 4500$/,
    );
    expect([s.seed, s.worldSize]).toEqual([777, 4500]);
    expect(s.saveCreatedAt.getTime()).toBeGreaterThanOrEqual(before);
    await client.close();
  });
});
