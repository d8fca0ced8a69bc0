import { afterEach, describe, expect, it } from 'vitest';
import type { HttpEvent, StandInEvent } from './protocol';
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

const isHttp = (e: StandInEvent): e is HttpEvent => e.event === 'http';

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(monoMissing)('plugin stand-in: unloading with a request in flight', () => {
  it('Oxide aborts the request at unload and never calls back', async () => {
    http = await startHttp();
    const release = http.hold();
    const s = await startProbe('oxide');
    await s.console(`probe.fetch ${http.url}/slow`);
    await until(() => http?.requests.length === 1);
    expect((await s.status()).requests).toBe(1);
    await s.unload();
    release();
    expect(await s.waitFor(isHttp)).toMatchObject({ dropped: true, status: 0 });
    expect(pluginLog(s, 'reply')).toEqual([]);
    expect(s.exceptions()).toEqual([]);
    expect(await s.status()).toMatchObject({ loaded: false, requests: 0, timers: 0 });
  });

  it('Carbon calls back on the unloaded instance, whose timer is null', async () => {
    http = await startHttp();
    const release = http.hold();
    const s = await startProbe('carbon');
    await s.console(`probe.fetch ${http.url}/slow`);
    await until(() => http?.requests.length === 1);
    await s.unload();
    release();
    const exception = await s.waitFor((e) => e.event === 'exception');
    expect(exception).toMatchObject({
      text: expect.stringMatching(
        /^Web request callback raised an exception in 'StandInProbe v0\.1\.0' plugin \(NullReferenceException/,
      ),
    });
    expect(pluginLog(s, 'reply 200')).toHaveLength(1);
    expect(s.httpRequests()).toEqual([expect.objectContaining({ status: 200, dropped: false })]);
  });

  it('Carbon runs a reply that arrives during a reload in the old instance', async () => {
    http = await startHttp();
    const release = http.hold();
    const s = await startProbe('carbon');
    const [first] = pluginLog(s, 'init ');
    await s.console(`probe.fetch ${http.url}/slow`);
    await until(() => http?.requests.length === 1);
    await s.reload();
    expect(pluginLog(s, 'initialized')).toEqual([
      'initialized True hello',
      'initialized False hello',
    ]);
    const second = pluginLog(s, 'init ')[1];
    expect(second).not.toEqual(first);
    release();
    await s.waitFor((e) => e.event === 'exception');
    const oldInstance = first?.split(' ')[1] ?? '';
    expect(pluginLog(s, 'reply 200')[0]).toContain(`instance=${oldInstance}`);
  });
});

describe.skipIf(monoMissing)('plugin stand-in: language files', () => {
  it('Oxide parses a file once: a warm cache hides a later edit, a cold one throws on a broken file', async () => {
    const s = await startProbe('oxide');
    // The first load wrote lang/en and cached it; breaking the file changes nothing yet.
    await s.writeLang('en', '{ "Hello": "broken');
    expect((await s.console('probe.lang')).reply).toBe('Hello there / Hello there');

    // A reload empties the cache; RegisterMessages now parses the file, so the load itself fails.
    expect(await s.reload()).toMatchObject({ loaded: false });
    expect(s.exceptions().at(-1)?.text).toMatch(
      /^Could not initialize plugin 'StandInProbe v0\.1\.0' \((JsonReaderException|JsonSerializationException)/,
    );

    // With a valid file at load the cache stays cold; breaking it afterwards makes GetMessages throw.
    await s.writeLang('en', '{ "Hello": "Hi from the file" }');
    expect(await s.load()).toMatchObject({ loaded: true });
    await s.writeLang('en', '{ "Hello": ');
    const result = await s.console('probe.lang');
    expect(result.reply).toBe('');
    expect(s.exceptions().at(-1)?.text).toMatch(
      /^Failed to call hook 'LangCommand' on plugin 'StandInProbe v0\.1\.0'/,
    );
  });

  it('Carbon reads the file on every call', async () => {
    const s = await startProbe('carbon');
    await s.writeLang('en', '{ "Hello": "Edited" }');
    expect((await s.console('probe.lang')).reply).toBe('Edited / Hello there');
    await s.writeLang('en', '{ "Hello": ');
    await s.console('probe.lang');
    expect(s.exceptions().at(-1)?.text).toMatch(/^Failed to call hook 'LangCommand'/);
    // Carbon reads every language's file when it sets a plugin up: a broken one fails the load.
    expect(await s.reload()).toMatchObject({ loaded: false });
    expect(s.exceptions().at(-1)?.text).toMatch(
      /^Could not initialize plugin 'StandInProbe v0\.1\.0'/,
    );
  });
});
