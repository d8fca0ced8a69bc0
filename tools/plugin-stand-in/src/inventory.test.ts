import { afterEach, describe, expect, it } from 'vitest';
import { ANN, BOB, monoMissing, pluginLog, startProbe, stopAll } from './test-support';

afterEach(stopAll);

describe.skipIf(monoMissing)('plugin stand-in: giving items', () => {
  it('tops up partial stacks (highest slot first) before taking the first empty slot', async () => {
    const s = await startProbe('oxide');
    await s.setInventory(ANN, [
      { shortname: 'wood', amount: 900, slot: 0 },
      { shortname: 'stones', amount: 10, slot: 1 },
      { shortname: 'wood', amount: 950, slot: 3 },
    ]);
    await s.connect(ANN, 'Ann');
    await s.chat(ANN, '/give wood 300');
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'wood', amount: 1000, container: 'main', slot: 0 },
      { shortname: 'stones', amount: 10, container: 'main', slot: 1 },
      { shortname: 'wood', amount: 150, container: 'main', slot: 2 },
      { shortname: 'wood', amount: 1000, container: 'main', slot: 3 },
    ]);
    expect(s.gives(ANN)).toEqual([
      expect.objectContaining({
        amount: 300,
        merged: 150,
        accepted: true,
        container: 'main',
        slot: 2,
      }),
    ]);
  });

  it('puts an item whole into one slot, over the stack limit, as the game does', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN);
    await s.chat(ANN, '/give ammo.rifle 300');
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'ammo.rifle', amount: 300, container: 'main', slot: 0 },
    ]);
  });

  it('uses the stack limits of the table: ammo 128, low grade 500, food 20, medical 10, weapons 1', async () => {
    const s = await startProbe('oxide');
    await s.setInventory(ANN, [
      { shortname: 'ammo.rifle', amount: 100 },
      { shortname: 'lowgradefuel', amount: 450 },
      { shortname: 'apple', amount: 15 },
      { shortname: 'syringe.medical', amount: 8 },
    ]);
    await s.connect(ANN);
    for (const give of ['ammo.rifle 50', 'lowgradefuel 100', 'apple 10', 'syringe.medical 5']) {
      await s.chat(ANN, `/give ${give}`);
    }
    const merged = s.gives(ANN).map((g) => [g.shortname, g.merged]);
    expect(merged).toEqual([
      ['ammo.rifle', 28],
      ['lowgradefuel', 50],
      ['apple', 5],
      ['syringe.medical', 2],
    ]);
    // A weapon does not stack; being usable, it goes to the belt first (PlayerInventory.GetIdealPickupContainer).
    await s.chat(ANN, '/give rifle.ak 1');
    expect(s.gives(ANN).at(-1)).toMatchObject({
      shortname: 'rifle.ak',
      merged: 0,
      container: 'belt',
      slot: 0,
    });
  });

  it('refuses when main and belt are full, after merging what fits into existing stacks', async () => {
    const s = await startProbe('oxide');
    const full = Array.from({ length: 30 }, (_, i) => ({
      shortname: 'stones',
      amount: i === 5 ? 990 : 1000,
      container: i < 24 ? ('main' as const) : ('belt' as const),
    }));
    await s.setInventory(ANN, full);
    await s.connect(ANN);
    await s.chat(ANN, '/give wood 10');
    await s.chat(ANN, '/give stones 25');
    expect(s.gives(ANN).map((g) => [g.shortname, g.accepted, g.merged])).toEqual([
      ['wood', false, 0],
      ['stones', false, 10],
    ]);
    expect(s.chats(ANN).map((c) => c.text)).toEqual([
      'gave wood False left 10',
      'gave stones False left 15',
    ]);
    const stones = (await s.inventory(ANN)).reduce((sum, item) => sum + item.amount, 0);
    expect(stones).toBe(30_000);
  });

  it('the refusal rule (another plugin’s CanAcceptItem) applies to a new slot only, after the merge', async () => {
    const s = await startProbe('oxide');
    await s.setInventory(ANN, [{ shortname: 'wood', amount: 900 }]);
    await s.connect(ANN);
    await s.refuse('wood');
    await s.chat(ANN, '/give wood 300');
    expect(s.gives(ANN).at(-1)).toMatchObject({ accepted: false, merged: 100, container: null });
    expect(s.chats(ANN).at(-1)?.text).toBe('gave wood False left 200');
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'wood', amount: 1000, container: 'main', slot: 0 },
    ]);

    await s.refuse(null);
    await s.chat(ANN, '/give wood 300');
    expect(s.gives(ANN).at(-1)).toMatchObject({ accepted: true, container: 'main', slot: 1 });
  });

  it('a crash (SIGKILL) brings back the inventories of the last world save, not what was given after it', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN, 'Ann');
    await s.setInventory(BOB, [{ shortname: 'scrap', amount: 40, container: 'belt', slot: 2 }]);
    await s.chat(ANN, '/give wood 100');
    await s.save();
    expect(pluginLog(s, 'saving')).toHaveLength(1);
    await s.chat(ANN, '/give stones 50');
    expect(await s.inventory(ANN)).toHaveLength(2);

    await s.kill();
    expect(s.running).toBe(false);
    await s.restart();
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'wood', amount: 100, container: 'main', slot: 0 },
    ]);
    expect(await s.inventory(BOB)).toEqual([
      { shortname: 'scrap', amount: 40, container: 'belt', slot: 2 },
    ]);
    const status = await s.status();
    expect(status.players).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ steamId: ANN, name: 'Ann', connected: false }),
      ]),
    );
    // The plugin came up with the server again.
    expect(pluginLog(s, 'initialized True')).toHaveLength(2);
  });
});
