import { describe, expect, it } from 'vitest';
import { answerError, classifyGiveReply, parsePlayerList, parseServerInfo } from './rcon-replies';

describe('serverinfo and playerlist replies', () => {
  it('reads serverinfo and ignores fields it does not know', () => {
    const message = JSON.stringify({
      Hostname: 'RU Main',
      MaxPlayers: 200,
      Players: 57,
      Queued: 3,
      Joining: 1,
      Map: 'Procedural Map',
      Framerate: 59.5,
      Uptime: 3600,
      SomethingNew: { nested: true },
    });
    expect(parseServerInfo(message)).toEqual({
      ok: true,
      value: {
        hostname: 'RU Main',
        maxPlayers: 200,
        players: 57,
        queued: 3,
        joining: 1,
        map: 'Procedural Map',
        framerate: 59.5,
        uptimeSeconds: 3600,
        entityCount: null,
        gameTime: null,
        saveCreatedAt: null,
      },
    });
  });

  it('gives a clear error, never a throw, for malformed replies', () => {
    expect(parseServerInfo('Command not found')).toEqual({
      ok: false,
      error: 'serverinfo: the reply is not JSON ("Command not found")',
    });
    expect(
      parseServerInfo(JSON.stringify({ Hostname: 'x', MaxPlayers: 'many', Players: 1, Map: 'm' })),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('serverinfo: unexpected reply at MaxPlayers'),
    });
    expect(parsePlayerList('{"not":"an array"}')).toMatchObject({ ok: false });
    expect(parsePlayerList('[{"SteamID":"abc","DisplayName":"x"}]')).toMatchObject({
      ok: false,
      error: expect.stringContaining('0.SteamID'),
    });
    expect(parseServerInfo('')).toMatchObject({ ok: false });
  });

  it('reads playerlist entries, tolerating missing numbers and extra fields', () => {
    const message = JSON.stringify([
      {
        SteamID: '76561198000000002',
        OwnerSteamID: '0',
        DisplayName: 'Kolya',
        Ping: 40,
        ConnectedSeconds: 90,
        VoiationLevel: 0,
        Health: 87.5,
        Address: '10.0.0.1:5000',
      },
      { SteamID: '76561198000000003', DisplayName: 'Vasya' },
    ]);
    expect(parsePlayerList(message)).toEqual({
      ok: true,
      value: [
        {
          steamId: '76561198000000002',
          displayName: 'Kolya',
          ping: 40,
          connectedSeconds: 90,
          health: 87.5,
          address: '10.0.0.1:5000',
        },
        {
          steamId: '76561198000000003',
          displayName: 'Vasya',
          ping: 0,
          connectedSeconds: 0,
          health: 0,
          address: null,
        },
      ],
    });
    expect(parsePlayerList('[]')).toEqual({ ok: true, value: [] });
  });
});

describe('inventory.giveto replies', () => {
  it('recognises the game texts', () => {
    expect(classifyGiveReply(' [ServerVar] giving Bandit_Kolya 100 x Wood')).toBe('given');
    expect(classifyGiveReply('[ServerVar] giving Vasya Raider 1 x 5.56 Rifle Ammo')).toBe('given');
    expect(classifyGiveReply("Couldn't find player!")).toBe('player-not-found');
    expect(classifyGiveReply('Invalid Item!')).toBe('invalid-item');
    expect(classifyGiveReply("Couldn't give item (inventory full?)")).toBe('inventory-full');
    expect(classifyGiveReply('something else')).toBe('unrecognised');
  });

  it('reads a whole answer: the logged give line before an empty reply, never silence', () => {
    expect(classifyGiveReply(' [ServerVar] giving Bandit_Kolya 1 x Assault Rifle\n')).toBe('given');
    expect(classifyGiveReply('')).toBe('unrecognised');
    expect(classifyGiveReply("Couldn't give item (inventory full?)")).toBe('inventory-full');
    // A plugin's line logged before the refusal does not hide it.
    expect(classifyGiveReply("[Kits] checking\nCouldn't find player!")).toBe('player-not-found');
  });
});

describe('errors in a command’s answer', () => {
  it('finds the line that reports one, in the game’s, Oxide’s and Carbon’s words', () => {
    const error = (message: string) => answerError({ message });
    expect(error("Group 'vip_gold' doesn't exist")).toBe("Group 'vip_gold' doesn't exist");
    expect(error("[Oxide] 14:03 [Info] Player 'x' not found")).toBe("Player 'x' not found");
    expect(error("Group 'vip_gold' could not be found.")).toBe(
      "Group 'vip_gold' could not be found.",
    );
    expect(error('Error: kit.give - Object reference not set (Assembly-CSharp)')).toContain(
      'Error:',
    );
    expect(error('Usage: oxide.usergroup <add|remove> <username> <groupname>')).toContain('Usage');
    expect(error("This doesn't appear to be a 64bit steamid: 12")).not.toBeNull();
    expect(error('Kit given to Bandit_Kolya\n')).toBeNull();
    expect(error('')).toBeNull();
  });

  it('takes a frame the game typed Error as one, whatever it says', () => {
    expect(
      answerError({
        message: 'NullReferenceException',
        lines: [{ message: 'NullReferenceException', type: 'Error' }],
      }),
    ).toBe('NullReferenceException');
  });
});
