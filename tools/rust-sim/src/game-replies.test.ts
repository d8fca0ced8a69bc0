import { afterEach, describe, expect, it } from 'vitest';
import type { RustSimHandle } from './handle';
import { startRustSim } from './sim';
import { connectRaw } from './test-client';
import type { RconFrame, RustSimOptions } from './types';

const KOLYA = '76561198000000002';
const NEVER_SEEN = '76561198000000077';
let sim: RustSimHandle | undefined;

async function start(options: RustSimOptions = {}): Promise<RustSimHandle> {
  sim = await startRustSim({ consoleIntervalMs: null, chatIntervalMs: null, ...options });
  return sim;
}

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const texts = (frames: RconFrame[]) => frames.map((frame) => frame.Message);

describe('what the simulated game answers, frame by frame', () => {
  it('sends nothing at all for a command it does not know', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    expect(await client.answer(1001, 'nonsense.command 1 2')).toEqual([]);
    expect(s.commands.at(-1)).toMatchObject({ name: 'nonsense.command', replies: [] });
    // The link is fine: the next command answers.
    expect(texts(await client.answer(1002, 'server.seed'))[0]).toMatch(/^server\.seed: "\d+"$/);
    await client.close();
  });

  it('logs the give, then replies empty; a give that does not fit gives nothing', async () => {
    const s = await start({
      players: [
        {
          steamId: KOLYA,
          name: 'Bandit_Kolya',
          inventorySlots: 2,
          inventory: [{ shortname: 'stones', amount: 1000 }],
        },
      ],
    });
    const client = await connectRaw(s.url);
    expect(texts(await client.answer(1001, `inventory.giveto ${KOLYA} "rifle.ak" 1`))).toEqual([
      ' [ServerVar] giving Bandit_Kolya 1 x Assault Rifle',
      '',
    ]);
    // The game's chat line about the give goes to the connection that asked (Identifier -1).
    const chat = await client.frame((frame) => frame.Identifier === -1);
    expect(JSON.parse(chat.Message)).toMatchObject({
      Message: 'SERVER gave Bandit_Kolya 1 x Assault Rifle',
    });
    expect(texts(await client.answer(1002, `inventory.giveto ${KOLYA} "ammo.rifle" 128`))).toEqual([
      "Couldn't give item (inventory full?)",
    ]);
    expect(s.inventory(KOLYA)).toEqual([
      { shortname: 'stones', amount: 1000 },
      { shortname: 'rifle.ak', amount: 1 },
    ]);
    expect(s.dropItems(KOLYA, 'stones')).toBe(1000);
    expect(texts(await client.answer(1003, `inventory.giveto ${KOLYA} "ammo.rifle" 128`))[0]).toBe(
      ' [ServerVar] giving Bandit_Kolya 128 x 5.56 Rifle Ammo',
    );
    await client.close();
  });

  it('tops up stacks of the same item before it needs a slot, and keeps them when the rest does not fit', async () => {
    const s = await start({
      players: [
        {
          steamId: KOLYA,
          name: 'Bandit_Kolya',
          inventorySlots: 1,
          inventory: [{ shortname: 'ammo.rifle', amount: 100 }],
        },
      ],
    });
    const client = await connectRaw(s.url);
    expect(texts(await client.answer(1001, `inventory.giveto ${KOLYA} ammo.rifle 28`))[0]).toMatch(
      /giving Bandit_Kolya 28 x/,
    );
    // The stack is full (128) and there is no free slot: 0 of 50 land.
    expect(texts(await client.answer(1002, `inventory.giveto ${KOLYA} ammo.rifle 50`))).toEqual([
      "Couldn't give item (inventory full?)",
    ]);
    s.dropItems(KOLYA);
    s.setFreeSlots(KOLYA, 0);
    expect(s.inventory(KOLYA)).toEqual([]);
    expect(s.gifts(KOLYA).map((gift) => gift.amount)).toEqual([28]);
    await client.close();
  });

  it('has only the groups that were made, and says so in Oxide’s words through its log', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    expect(texts(await client.answer(1001, `oxide.usergroup add ${KOLYA} kit_start`))).toEqual([
      "Group 'kit_start' doesn't exist",
      '',
    ]);
    expect(texts(await client.answer(1002, 'oxide.group add kit_start'))).toEqual([
      "Group 'kit_start' created",
      '',
    ]);
    expect(texts(await client.answer(1003, `o.usergroup add ${KOLYA} kit_start`))).toEqual([
      `Player 'Bandit_Kolya(${KOLYA})' added to group: kit_start`,
      '',
    ]);
    expect(texts(await client.answer(1004, `oxide.usergroup add ${KOLYA} vip_gold`))[0]).toContain(
      'added to group: vip_gold',
    );
    expect(texts(await client.answer(1005, `oxide.show user ${KOLYA}`))).toEqual([
      `Player 'Bandit_Kolya (${KOLYA})' permissions:\nNo permissions currently granted\n\n` +
        `Player 'Bandit_Kolya (${KOLYA})' groups:\ndefault, vip_gold, kit_start`,
      '',
    ]);
    // An id never seen is still a valid user to Oxide.
    expect(texts(await client.answer(1006, `oxide.show user ${NEVER_SEEN}`))[0]).toBe(
      `Player '${NEVER_SEEN}' permissions:\nNo permissions currently granted\n\n` +
        `Player '${NEVER_SEEN}' groups:\nPlayer is not assigned to any groups`,
    );
    expect(texts(await client.answer(1007, `oxide.grant user ${KOLYA} kits.vip`))[0]).toBe(
      "Permission 'kits.vip' doesn't exist",
    );
    expect(
      texts(await client.answer(1008, `oxide.grant user ${KOLYA} betterchatmute.use`))[0],
    ).toBe(`Player 'Bandit_Kolya (${KOLYA})' granted permission 'betterchatmute.use'`);
    await client.close();
  });

  it('answers a mute or ban of a player it has never seen as the game and BetterChatMute do', async () => {
    const s = await start();
    const client = await connectRaw(s.url);
    expect(texts(await client.answer(1001, `bcm.mute ${NEVER_SEEN} "spam" 600s`))).toEqual([
      `Could not find player with ID '${NEVER_SEEN}'`,
      '',
    ]);
    expect(texts(await client.answer(1002, `ban ${NEVER_SEEN} "cheat"`))).toEqual([
      'Player not found',
    ]);
    expect(texts(await client.answer(1003, `unban ${NEVER_SEEN}`))).toEqual([
      `User ${NEVER_SEEN} isn't banned`,
    ]);
    expect(texts(await client.answer(1004, `bcm.mute ${KOLYA} "spam" 600s`))).toEqual([
      '[Better Chat Mute] Bandit_Kolya was muted by Server Console for 10 minute(s): spam.',
      '',
    ]);
    expect(s.mutes.has(NEVER_SEEN)).toBe(false);
    await client.close();
  });
});
