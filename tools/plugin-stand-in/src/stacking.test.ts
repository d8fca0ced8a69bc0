import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from './stand-in';
import { ANN, monoMissing, startProbe, stopAll } from './test-support';

afterEach(stopAll);

async function probeStack(s: StandIn, shortname: string): Promise<string | null> {
  return (await s.console(`probe.stack ${ANN} ${shortname} 1`)).reply;
}

async function accept(s: StandIn, shortname: string, container: string, slot: number) {
  return (await s.console(`probe.accept ${ANN} ${shortname} ${container} ${slot}`)).reply;
}

describe.skipIf(monoMissing)('plugin stand-in: the game’s stacking rules', () => {
  it('CanStack and MaxStackable answer with the definition, the OnMaxStackable and CanStackItem hooks, and skins', async () => {
    const s = await startProbe('oxide');
    await s.setInventory(ANN, [
      { shortname: 'wood', amount: 900 },
      { shortname: 'wood', amount: 10, skin: 42 },
    ]);
    await s.connect(ANN);
    // A probe item created by the plugin and removed without ever being in a container.
    expect(await probeStack(s, 'wood')).toBe('probe max=1000 900:True/1000/0 10:False/1000/0');

    await s.setMaxStackable('wood', 950);
    expect(await probeStack(s, 'wood')).toBe('probe max=950 900:True/950/0 10:False/950/0');
    await s.chat(ANN, '/give wood 100');
    expect(s.gives(ANN).at(-1)).toMatchObject({ merged: 50, container: 'main', slot: 2 });

    await s.blockStacking('wood');
    expect(await probeStack(s, 'wood')).toBe(
      'probe max=950 950:False/950/0 10:False/950/0 50:False/950/0',
    );
    await s.chat(ANN, '/give wood 20');
    expect(s.gives(ANN).at(-1)).toMatchObject({ merged: 0, container: 'main', slot: 3 });
    expect(s.exceptions()).toEqual([]);
  });

  it('a damaged item does not stack, even where the stack size allows it', async () => {
    const s = await startProbe('carbon');
    await s.setStackable('rifle.ak', 5); // as a stack-size plugin raises it
    await s.setInventory(ANN, [
      { shortname: 'rifle.ak', amount: 1, condition: 40 },
      { shortname: 'rifle.ak', amount: 1 },
    ]);
    await s.connect(ANN);
    expect(await probeStack(s, 'rifle.ak')).toBe('probe max=5 1:False/5/40 1:True/5/100');
    await s.chat(ANN, '/give rifle.ak 1');
    expect(s.gives(ANN).at(-1)).toMatchObject({ merged: 1, accepted: true });
    expect(await s.inventory(ANN)).toEqual([
      { shortname: 'rifle.ak', amount: 1, container: 'main', slot: 0, condition: 40 },
      { shortname: 'rifle.ak', amount: 2, container: 'main', slot: 1 },
    ]);
  });
});

describe.skipIf(monoMissing)('plugin stand-in: what a container accepts', () => {
  it('the belt refuses an item flagged NotAllowedInBelt, through CanAcceptItem and in a give', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN);
    expect(await accept(s, 'syringe.medical', 'belt', 0)).toBe('CanAccept notInBelt=False');
    await s.notInBelt('syringe.medical');
    expect(await accept(s, 'syringe.medical', 'belt', 0)).toBe('CannotAccept notInBelt=True');
    expect(await accept(s, 'syringe.medical', 'main', 0)).toBe('CanAccept notInBelt=True');

    // Usable items go to the belt first; this one ends up in main.
    await s.chat(ANN, '/give syringe.medical 2');
    expect(s.gives(ANN).at(-1)).toMatchObject({ accepted: true, container: 'main', slot: 0 });

    // With main full, the empty belt does not take it: the give is refused.
    await s.setInventory(
      ANN,
      Array.from({ length: 24 }, () => ({ shortname: 'stones', amount: 1000 })),
    );
    await s.chat(ANN, '/give syringe.medical 2');
    expect(s.gives(ANN).at(-1)).toMatchObject({ accepted: false, merged: 0, container: null });
    expect(s.chats(ANN).at(-1)?.text).toBe('gave syringe.medical False left 2');
  });

  it('another plugin’s CanAcceptItem (refuse): new slots only, or every slot with anySlot, merges included', async () => {
    const s = await startProbe('oxide');
    await s.setInventory(ANN, [{ shortname: 'wood', amount: 900 }]);
    await s.connect(ANN);
    await s.refuse('wood');
    expect(await accept(s, 'wood', 'main', 0)).toBe('CanAccept notInBelt=False');
    expect(await accept(s, 'wood', 'main', 1)).toBe('CannotAccept notInBelt=False');

    await s.refuse('wood', { anySlot: true });
    expect(await accept(s, 'wood', 'main', 0)).toBe('CannotAccept notInBelt=False');
    await s.chat(ANN, '/give wood 300');
    expect(s.gives(ANN).at(-1)).toMatchObject({ accepted: false, merged: 0 });
    expect((await s.status()).others).toEqual({
      refused: 'wood',
      refuseAnySlot: true,
      blockStacking: [],
      maxStackable: {},
    });
  });
});
