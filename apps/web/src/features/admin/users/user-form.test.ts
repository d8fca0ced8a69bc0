import { ADMIN_MESSAGES, type User } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { unknownTierMessage } from '../products/catalogue-lists';
import { ownerLists, shippedLists } from '../products/test-lists';
import {
  moderationFormToPayload,
  userFormToPayload as toPayload,
  userToForm,
  vipStatusOptions,
  type UserFormValues,
} from './user-form';

const userFormToPayload = (target: User, values: UserFormValues, tiers = shippedLists.vipTiers) =>
  toPayload(target, values, tiers);

const user: User = {
  id: 7,
  username: 'Rusty',
  avatar: null,
  steamId: '76561198000000007',
  balance: 100,
  isAdmin: false,
  isOwner: false,
  role: 'player',
  permissions: [],
  vipStatus: 'no VIP',
  vipExpiresAt: null,
  totalSpent: 0,
  purchasesCount: 0,
  favoriteServer: null,
  joinedDate: '2025-01-01T00:00:00.000Z',
  lastSeen: '2025-01-01T00:00:00.000Z',
};

describe('user edit form', () => {
  it('sends only what changed, a new balance with the one it started from and the reason', () => {
    const values = { ...userToForm(user), balance: '150,5', reason: ' Компенсация ' };
    expect(userFormToPayload(user, values)).toEqual({
      ok: true,
      payload: { balance: 150.5, previousBalance: 100, reason: 'Компенсация' },
    });
    expect(userFormToPayload(user, userToForm(user))).toEqual({ ok: true, payload: {} });
  });

  it('asks for a reason when the balance changes, and refuses what is not a sum', () => {
    const noReason = userFormToPayload(user, { ...userToForm(user), balance: '90' });
    expect(noReason).toMatchObject({ ok: false, message: ADMIN_MESSAGES.reasonRequired });
    const text = userFormToPayload(user, { ...userToForm(user), balance: 'сто', reason: 'x' });
    expect(text).toMatchObject({ ok: false, message: ADMIN_MESSAGES.balanceNotNumber });
    const negative = userFormToPayload(user, { ...userToForm(user), balance: '-5', reason: 'x' });
    expect(negative).toMatchObject({ ok: false, message: ADMIN_MESSAGES.balanceNegative });
  });

  it('grants VIP to the end of the chosen day and refuses a day gone by', () => {
    const granted = userFormToPayload(user, {
      ...userToForm(user),
      vipStatus: 'Gold',
      vipExpiresAt: '2099-05-01',
      vipServerId: '3',
    });
    expect(granted.ok && granted.payload).toMatchObject({ vipStatus: 'Gold', vipServerId: 3 });
    expect(granted.ok && new Date(String(granted.payload.vipExpiresAt)).getDate()).toBe(1);
    const past = userFormToPayload(user, {
      ...userToForm(user),
      vipStatus: 'Gold',
      vipExpiresAt: '2020-05-01',
    });
    expect(past).toMatchObject({ ok: false, message: ADMIN_MESSAGES.vipExpiryPast });
  });
});

describe('VIP tiers of the owner', () => {
  it('offers none and the owner’s tiers by their labels, keeping an unlisted current one', () => {
    expect(vipStatusOptions(ownerLists.vipTiers, 'no VIP')).toEqual([
      ['no VIP', 'Без VIP'],
      ['Gold', 'VIP Золото'],
      ['Legend', 'VIP Легенда'],
    ]);
    expect(vipStatusOptions(ownerLists.vipTiers, 'Silver').at(-1)).toEqual([
      'Silver',
      'VIP Silver',
    ]);
    expect(vipStatusOptions(shippedLists.vipTiers, 'Gold')).toContainEqual(['Gold', 'VIP Gold']);
    expect(vipStatusOptions(undefined, 'no VIP')).toEqual([['no VIP', 'Без VIP']]);
  });

  it('grants a tier the owner added and refuses one the settings lack', () => {
    const legend = { ...userToForm(user), vipStatus: 'Legend', vipExpiresAt: '2099-05-01' };
    const granted = userFormToPayload(user, legend, ownerLists.vipTiers);
    expect(granted).toMatchObject({ ok: true, payload: { vipStatus: 'Legend' } });
    expect(userFormToPayload(user, legend)).toEqual({
      ok: false,
      message: unknownTierMessage('Legend'),
      fields: ['vipStatus'],
    });
  });
});

describe('mute and ban forms', () => {
  it('need a server and a reason, and a mute a duration above zero', () => {
    const empty = { serverId: '', reason: '', days: '0', minutes: '0' };
    expect(moderationFormToPayload('ban', empty)).toMatchObject({
      message: ADMIN_MESSAGES.moderationFields,
    });
    expect(
      moderationFormToPayload('mute', { ...empty, serverId: '2', reason: 'спам' }),
    ).toMatchObject({
      message: ADMIN_MESSAGES.muteDuration,
    });
    expect(
      moderationFormToPayload('mute', { ...empty, serverId: '2', reason: 'спам', minutes: '30' }),
    ).toEqual({ ok: true, payload: { serverId: 2, reason: 'спам', days: 0, minutes: 30 } });
    expect(moderationFormToPayload('ban', { ...empty, serverId: 'all', reason: 'читы' })).toEqual({
      ok: true,
      payload: { serverId: 'all', reason: 'читы' },
    });
  });
});
