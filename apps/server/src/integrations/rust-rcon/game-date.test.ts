import { describe, expect, it } from 'vitest';
import { parseConvarNumber, parseConvarReply, parseGameDateTime } from './game-date';
import { parseServerInfo } from './rcon-replies';

const iso = (value: unknown) => parseGameDateTime(value)?.toISOString() ?? null;

describe('the save time serverinfo gives', () => {
  it('reads the game’s own form (.NET, invariant culture) as UTC', () => {
    expect(iso('04/17/2023 06:00:42')).toBe('2023-04-17T06:00:42.000Z');
    expect(iso('12/04/2025 19:00:00')).toBe('2025-12-04T19:00:00.000Z');
    expect(iso(' 1/2/2024 7:05:09 ')).toBe('2024-01-02T07:05:09.000Z');
  });

  it('reads an en-US culture’s 12-hour clock', () => {
    expect(iso('4/17/2023 6:00:42 AM')).toBe('2023-04-17T06:00:42.000Z');
    expect(iso('4/17/2023 12:00:42 AM')).toBe('2023-04-17T00:00:42.000Z');
    expect(iso('4/17/2023 12:30:00 PM')).toBe('2023-04-17T12:30:00.000Z');
    expect(iso('4/17/2023 6:00:42 PM')).toBe('2023-04-17T18:00:42.000Z');
  });

  it('reads ISO 8601, with or without a zone (none is UTC)', () => {
    expect(iso('2023-04-17T06:00:42Z')).toBe('2023-04-17T06:00:42.000Z');
    expect(iso('2023-04-17T06:00:42.123Z')).toBe('2023-04-17T06:00:42.123Z');
    expect(iso('2023-04-17T06:00:42.1234567')).toBe('2023-04-17T06:00:42.123Z');
    expect(iso('2023-04-17T09:00:42+03:00')).toBe('2023-04-17T06:00:42.000Z');
    expect(iso('2023-04-17T09:00:42+0300')).toBe('2023-04-17T06:00:42.000Z');
    expect(iso('2023-04-17 06:00')).toBe('2023-04-17T06:00:00.000Z');
  });

  it('gives null, never a throw, for anything else', () => {
    for (const bad of [
      undefined,
      null,
      42,
      {},
      '',
      'yesterday',
      '13/01/2023 06:00:42',
      '02/30/2023 06:00:42',
      '04/17/2023 24:00:00',
      '4/17/2023 13:00:00 PM',
      '01/01/0001 00:00:00',
      '2023-02-30T00:00:00Z',
      '2023-04-17T06:00:42+25:00',
      '04/17/2023 06:00:42'.repeat(3),
    ]) {
      expect(parseGameDateTime(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('lets serverinfo through with a bad or missing save time', () => {
    const info = (extra: object) =>
      parseServerInfo(
        JSON.stringify({ Hostname: 'x', MaxPlayers: 10, Players: 1, Map: 'Barren', ...extra }),
      );
    expect(info({ SaveCreatedTime: '04/17/2023 06:00:42' })).toMatchObject({
      ok: true,
      value: { saveCreatedAt: new Date('2023-04-17T06:00:42Z') },
    });
    for (const SaveCreatedTime of [undefined, 'soon', 17, null, ['x']]) {
      expect(info({ SaveCreatedTime })).toMatchObject({ ok: true, value: { saveCreatedAt: null } });
    }
  });
});

describe('convar replies', () => {
  it('reads `server.seed: "1337"` and nothing else', () => {
    expect(parseConvarReply('server.seed', 'server.seed: "1337"')).toBe('1337');
    expect(parseConvarNumber('server.seed', 'server.seed: "1337"\n')).toBe(1337);
    expect(parseConvarNumber('server.worldsize', 'server.worldsize: "4250"')).toBe(4250);
    expect(parseConvarNumber('server.seed', 'server.worldsize: "4250"')).toBeNull();
    expect(parseConvarNumber('server.seed', "Command 'server.seed' not found")).toBeNull();
    expect(parseConvarNumber('server.seed', 'server.seed: "-5"')).toBeNull();
    expect(parseConvarNumber('server.seed', 'server.seed: "99999999999"')).toBeNull();
    expect(parseConvarNumber('server.seed', '')).toBeNull();
  });
});
