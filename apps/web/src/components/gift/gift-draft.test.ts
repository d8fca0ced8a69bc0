import { describe, expect, it } from 'vitest';
import { giftFields, giftIncomplete, NO_GIFT, type GiftDraft } from './gift-draft';

const vasya = {
  steamId: '76561198000000003',
  name: 'Vasya Raider',
  avatar: null,
  hasAccount: false,
  online: true,
};

describe('gift draft', () => {
  it('adds nothing to the purchase while «Подарить» is off, even with a player found', () => {
    expect(giftFields(NO_GIFT)).toEqual({});
    expect(giftFields({ ...NO_GIFT, recipient: vasya, message: 'hi' })).toEqual({});
    expect(giftIncomplete(NO_GIFT)).toBe(false);
  });

  it('holds the purchase until a recipient is found, then sends their id and the trimmed note', () => {
    const open: GiftDraft = { ...NO_GIFT, open: true, query: 'https://steamcommunity.com/id/x' };
    expect(giftIncomplete(open)).toBe(true);
    expect(giftFields(open)).toEqual({});
    const found = { ...open, recipient: vasya, message: '  С вайпом!  ' };
    expect(giftIncomplete(found)).toBe(false);
    expect(giftFields(found)).toEqual({ giftTo: vasya.steamId, giftMessage: 'С вайпом!' });
    expect(giftFields({ ...found, message: '   ' })).toEqual({ giftTo: vasya.steamId });
  });
});
