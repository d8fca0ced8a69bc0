import { describe, expect, it } from 'vitest';
import { classifyGiveReply, parsePlayerList, parseServerInfo } from './rcon-replies';

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
});
