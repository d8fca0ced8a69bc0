import { afterEach, describe, expect, it } from 'vitest';
import type { LogEvent, StandInEvent } from './protocol';
import {
  monoMissing,
  pluginLog,
  startHttp,
  startProbe,
  stopAll,
  type TestServer,
} from './test-support';

let http: TestServer | undefined;

afterEach(async () => {
  await stopAll();
  await http?.close();
  http = undefined;
});

const logStarting =
  (prefix: string) =>
  (e: StandInEvent): e is LogEvent =>
    e.event === 'log' && e.source === 'plugin' && e.text.startsWith(prefix);

describe.skipIf(monoMissing)('plugin stand-in: timers and web requests on the main thread', () => {
  it('fires a timer when its clock is advanced past it, on the main thread', async () => {
    const s = await startProbe('oxide');
    expect(await s.console('probe.timer 30')).toMatchObject({
      reply: 'scheduled',
      lastError: null,
    });
    expect((await s.status()).timers).toBe(1);
    expect(await s.advance(29)).toMatchObject({ fired: 0 });
    expect(await s.advance(1.5)).toMatchObject({ fired: 1 });
    expect(pluginLog(s, 'timer')).toEqual(['timer 30 main=True']);
    expect((await s.status()).timers).toBe(0);
  });

  it('a repeating timer fires once for every period an advance skips', async () => {
    const s = await startProbe('carbon');
    await s.console('probe.timer 10 every');
    expect(await s.advance(35)).toMatchObject({ fired: 3 });
    expect(pluginLog(s, 'every')).toEqual(Array(3).fill('every 10 main=True'));
  });

  it('a timer also fires in real time', async () => {
    const s = await startProbe('oxide');
    await s.console('probe.timer 0.2');
    await expect(s.waitFor(logStarting('timer 0.2'), 5000)).resolves.toMatchObject({
      text: 'timer 0.2 main=True',
    });
  });

  it('sends the request over HTTP with its method, body and headers and calls back on the main thread', async () => {
    http = await startHttp();
    const s = await startProbe('oxide');
    await s.console(`probe.fetch ${http.url}/api/x {"a":1}`);
    const reply = await s.waitFor(logStarting('reply'));
    expect(reply.text).toMatch(/^reply 200 \{"echo":"\{\\"a\\":1\}"\} main=True instance=/);
    expect(http.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/x', body: '{"a":1}' }),
    ]);
    expect(http.requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-probe': expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(s.httpRequests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `${http.url}/api/x`,
        status: 200,
        dropped: false,
      }),
    ]);
    // The callback's own timer runs on the same clock.
    await s.advance(1);
    expect(pluginLog(s, 'after reply')).toHaveLength(1);
  });

  it('calls back with code 0 when nothing answers (Oxide passes the error text, Carbon an empty one)', async () => {
    http = await startHttp();
    const closed = http.url;
    await http.close();
    http = undefined;
    const oxide = await startProbe('oxide');
    await oxide.console(`probe.fetch ${closed}/gone`);
    expect((await oxide.waitFor(logStarting('reply'))).text).toMatch(/^reply 0 \S.* main=True/s);
    const carbon = await startProbe('carbon');
    await carbon.console(`probe.fetch ${closed}/gone`);
    expect((await carbon.waitFor(logStarting('reply'))).text).toMatch(/^reply 0 {2}main=True/);
  });
});
