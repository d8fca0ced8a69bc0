import { afterEach, describe, expect, it } from 'vitest';
import { ANN, monoMissing, pluginLog, startHttp, startProbe, stopAll } from './test-support';
import type { TestServer } from './test-support';

let http: TestServer | undefined;

afterEach(async () => {
  await stopAll();
  await http?.close();
  http = undefined;
});

describe.skipIf(monoMissing)('plugin stand-in: plugin time per frame', () => {
  it('counts the time spent in plugin code in each frame, and the frames over 5 ms', async () => {
    const s = await startProbe('oxide');
    await s.stats({ reset: true });
    await s.console('probe.busy 12');
    const busy = await s.stats({ reset: true });
    expect(busy.over5ms).toBe(1);
    expect(busy.maxFrameMs).toBeGreaterThanOrEqual(12);
    expect(busy.totalPluginMs).toBeGreaterThanOrEqual(12);

    // Hooks, chat commands, timers and web-request callbacks are the plugin's time too; the
    // game's own work is not. (A first pass warms up the JIT, whose compiling is counted too.)
    http = await startHttp();
    const url = http.url;
    await s.connect(ANN, 'Ann');
    const pass = async (round: number): Promise<void> => {
      await s.chat(ANN, '/give wood 10');
      await s.console('probe.timer 1');
      await s.advance(2);
      await s.console(`probe.fetch ${url}/x`);
      while (pluginLog(s, 'reply').length < round) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await s.advance(1);
    };
    await pass(1);
    await s.stats({ reset: true });
    await pass(2);
    const light = await s.stats({ reset: true });
    expect(light.frames).toBeGreaterThanOrEqual(5);
    expect(light.over5ms).toBe(0);
    expect(light.totalPluginMs).toBeGreaterThan(0);
    expect(pluginLog(s, 'timer')).toEqual(['timer 1 main=True', 'timer 1 main=True']);
  });

  it('a save’s waiting frames are frames of their own', async () => {
    const s = await startProbe('carbon');
    await s.stats({ reset: true });
    await s.save({ frames: 10 });
    const stats = await s.stats();
    expect(stats.frames).toBeGreaterThanOrEqual(10);
    expect(stats.over5ms).toBe(0);
  });
});
