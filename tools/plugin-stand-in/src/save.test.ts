import { stat } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEvent, SaveEvent, StandInEvent } from './protocol';
import type { StandIn } from './stand-in';
import { ANN, monoMissing, pluginLog, startProbe, stopAll } from './test-support';

afterEach(stopAll);

const saveEvent =
  (phase: SaveEvent['phase']) =>
  (e: StandInEvent): e is SaveEvent =>
    e.event === 'save' && e.phase === phase;

const gameLogs = (s: StandIn): LogEvent[] =>
  s.events.filter((e): e is LogEvent => e.event === 'log' && e.source === 'game');

async function mtime(s: StandIn): Promise<number> {
  return (await stat(s.saveFilePath)).mtimeMs;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(monoMissing)('plugin stand-in: the world save', () => {
  it('spans frames: OnServerSave, then IsSaving while everything runs, and a give made meanwhile is in the save', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN, 'Ann');
    const saving = s.save({ frames: 40 });
    await s.waitFor(saveEvent('started'));
    await s.chat(ANN, '/saving');
    await s.chat(ANN, '/give wood 100');
    expect((await s.status()).isSaving).toBe(true);
    expect(await saving).toMatchObject({ written: true });
    expect((await s.status()).isSaving).toBe(false);

    // The hook comes before the coroutine sets IsSaving.
    expect(pluginLog(s, 'saving')).toEqual(['saving isSaving=False']);
    expect(s.chats(ANN).map((c) => c.text)).toEqual(['isSaving=True', 'gave wood True left 100']);
    const order = s.events
      .filter((e) => e.event === 'save' || e.event === 'give')
      .map((e) => (e.event === 'save' ? e.phase : 'give'));
    expect(order).toEqual(['started', 'give', 'finished']);
    expect(gameLogs(s).map((e) => e.text)).toEqual([
      expect.stringMatching(/^Saved 1 ents, cache/),
      'Saving complete',
    ]);

    await s.restart();
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'wood', amount: 100, container: 'main', slot: 0 },
    ]);
  });

  it('keeps the save where ConVar.Server.rootFolder + "/" + World.SaveFileName says; a failed save writes nothing, logs the game’s error and no hook tells', async () => {
    const s = await startProbe('carbon');
    await s.connect(ANN, 'Ann');
    expect((await s.console('probe.savefile')).reply).toBe(
      'server/my_server_identity/proceduralmap.3000.12345.274.sav folder=server/my_server_identity exists=False ticks=0',
    );
    expect(s.saveFilePath).toBe(
      `${s.dir}/server/my_server_identity/proceduralmap.3000.12345.274.sav`,
    );
    await s.chat(ANN, '/give wood 10');
    expect(await s.save()).toMatchObject({ written: true });
    const first = await mtime(s);
    expect((await s.console('probe.savefile')).reply).toMatch(/exists=True ticks=[1-9]\d+$/);

    await s.setSaveFailure(true);
    await pause(30);
    await s.chat(ANN, '/give stones 5');
    s.clearEvents();
    expect(await s.save()).toMatchObject({ written: false });
    expect(await mtime(s)).toBe(first);
    expect(gameLogs(s)).toEqual([
      {
        event: 'log',
        level: 'error',
        source: 'game',
        text: expect.stringMatching(
          /^Couldn't write save file! We got an exception: System\.IO\.IOException: Disk full/,
        ),
      },
      { event: 'log', level: 'info', source: 'game', text: 'Saving complete' },
    ]);
    // The plugin heard OnServerSave as for any save, and nothing else.
    expect(pluginLog(s, '')).toEqual(['saving isSaving=False']);
    expect((await s.status()).isSaving).toBe(false);

    // Still failing: the crash brings back the last save that was written.
    expect(await s.save()).toMatchObject({ written: false });
    await s.restart();
    expect((await s.inventory(ANN)).map((i) => i.shortname)).toEqual(['wood']);

    await s.setSaveFailure(false);
    await s.connect(ANN);
    await s.chat(ANN, '/give stones 5');
    await pause(30);
    expect(await s.save()).toMatchObject({ written: true });
    expect(await mtime(s)).toBeGreaterThan(first);
  });

  it('a quit during an automatic save writes nothing: the shutdown’s server.save finds IsSaving still true', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN, 'Ann');
    await s.chat(ANN, '/give wood 10');
    await s.save();
    const saved = await mtime(s);
    await s.chat(ANN, '/give stones 5');
    s.clearEvents();
    expect(await s.quitDuringSave({ frames: 6 })).toMatchObject({
      written: false,
      quitAtFrame: 3,
    });
    expect(s.running).toBe(false);
    expect(pluginLog(s, '')).toEqual([
      'saving isSaving=False',
      'shutdown isSaving=True',
      expect.stringMatching(/^unloading /),
    ]);
    expect(s.events.filter((e) => e.event === 'save')).toEqual([
      { event: 'save', phase: 'started', frames: 6, blocking: false },
    ]);
    expect(await mtime(s)).toBe(saved);

    await s.restart();
    expect((await s.inventory(ANN)).map((i) => i.shortname)).toEqual(['wood']);
  });

  it('shutdown order: Oxide unloads the plugin, then saves; Carbon calls OnServerShutdown, OnServerSave, then unloads, then saves', async () => {
    for (const mode of ['oxide', 'carbon'] as const) {
      const s = await startProbe(mode);
      await s.connect(ANN, 'Ann');
      await s.chat(ANN, '/give wood 10');
      s.clearEvents();
      expect(await s.close()).toEqual({ written: true });
      const steps = s.events.flatMap((e) => {
        if (e.event === 'log' && e.source === 'plugin') return [e.text.split(' ')[0]];
        if (e.event === 'save' && e.phase === 'started')
          return [`save blocking=${String(e.blocking)}`];
        return [];
      });
      expect(steps).toEqual(
        mode === 'oxide'
          ? ['shutdown', 'unloading', 'save blocking=true']
          : ['shutdown', 'saving', 'unloading', 'save blocking=true'],
      );
      await s.restart();
      expect((await s.inventory(ANN)).map((i) => i.shortname)).toEqual(['wood']);
    }
  });

  it('server.saveinterval starts the same multi-frame save; a quit while it runs writes nothing', async () => {
    const s = await startProbe('carbon', { saveIntervalSeconds: 600, saveFrames: 30 });
    await s.connect(ANN, 'Ann');
    await s.chat(ANN, '/give wood 10');
    await s.advance(600);
    expect(await s.waitFor(saveEvent('started'))).toMatchObject({ frames: 30, blocking: false });
    await s.chat(ANN, '/saving');
    expect(await s.close()).toEqual({ written: false });
    expect(s.chats(ANN).at(-1)?.text).toBe('isSaving=True');
    await s.restart();
    // No save was ever written: the player is unknown to the restarted server.
    expect((await s.status()).players).toEqual([]);
  });
});
