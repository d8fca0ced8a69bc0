import { describe, expect, it } from 'vitest';
import { giftMessageSchema, parseRecipientQuery } from './gift-fields';

const ID = '76561198000000501';

describe('parseRecipientQuery', () => {
  it('reads a SteamID64 and every usual form of a profile link', () => {
    for (const text of [
      ID,
      ` ${ID} `,
      `https://steamcommunity.com/profiles/${ID}`,
      `https://steamcommunity.com/profiles/${ID}/`,
      `http://www.steamcommunity.com/profiles/${ID}/?l=russian`,
      `steamcommunity.com/profiles/${ID}`,
    ]) {
      expect(parseRecipientQuery(text), text).toEqual({ kind: 'steamId', steamId: ID });
    }
    expect(parseRecipientQuery('https://steamcommunity.com/id/Bandit_Kolya/')).toEqual({
      kind: 'vanity',
      vanity: 'Bandit_Kolya',
    });
  });

  it('refuses anything that is not an ID or a Steam profile link', () => {
    for (const text of [
      '',
      'Bandit_Kolya',
      '7656119800000050',
      '12345678901234567',
      `https://evil.example/profiles/${ID}`,
      `https://steamcommunity.com.evil.example/profiles/${ID}`,
      'https://steamcommunity.com/profiles/123',
      'https://steamcommunity.com/id/a b',
      'https://steamcommunity.com/id/x',
    ]) {
      expect(parseRecipientQuery(text), text).toBeNull();
    }
  });
});

describe('giftMessageSchema', () => {
  it('keeps up to 200 characters, trimmed, and refuses control characters', () => {
    expect(giftMessageSchema.parse('  Удачного вайпа! "GL"  ')).toBe('Удачного вайпа! "GL"');
    expect(giftMessageSchema.safeParse('x'.repeat(200)).success).toBe(true);
    expect(giftMessageSchema.safeParse('x'.repeat(201)).success).toBe(false);
    for (const bad of ['a\u0000b', 'line\nbreak', 'tab\there', 'esc\u001b[31m']) {
      expect(giftMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
