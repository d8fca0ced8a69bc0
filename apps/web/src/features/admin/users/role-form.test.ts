import { PERMISSIONS, ROLE_PERMISSIONS, type RoutePermission } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { userActions } from './components/user-list-item';
import { grantableRoles, initialPermissions, roleToPayload } from './role-form';

const holding =
  (...held: RoutePermission[]) =>
  (permission: RoutePermission) =>
    held.includes(permission);
const owner = holding(...PERMISSIONS, 'owner');
const admin = holding(...ROLE_PERMISSIONS.admin);
const moderator = holding(...ROLE_PERMISSIONS.moderator);

describe('the role editor', () => {
  it('offers an owner every role, an admin player and moderator, a moderator nothing', () => {
    expect(grantableRoles(owner)).toEqual(['player', 'moderator', 'admin', 'owner']);
    expect(grantableRoles(admin)).toEqual(['player', 'moderator']);
    expect(grantableRoles(moderator)).toEqual([]);
  });

  it('sends a whole set as none and a narrowed one in the table’s order', () => {
    expect(roleToPayload('admin', [...PERMISSIONS])).toEqual({ role: 'admin' });
    expect(roleToPayload('admin', ['rcon', 'chats'])).toEqual({
      role: 'admin',
      permissions: ['chats', 'rcon'],
    });
    expect(roleToPayload('moderator', ['chats'])).toEqual({ role: 'moderator' });
  });

  it('starts from the admin’s own set, or every permission for a new admin', () => {
    expect(initialPermissions({ role: 'admin', permissions: ['money', 'chats'] })).toEqual([
      'chats',
      'money',
    ]);
    expect(initialPermissions({ role: 'player', permissions: [] })).toHaveLength(11);
  });
});

describe('the user list', () => {
  it('shows a moderator mute, ban and purchases, and nothing that touches an owner', () => {
    expect(userActions({ id: 2, isOwner: false }, moderator)).toEqual([
      'mute',
      'ban',
      'sessions',
      'purchases',
    ]);
    expect(userActions({ id: 1, isOwner: true }, moderator)).toEqual(['purchases']);
    expect(userActions({ id: 1, isOwner: true }, admin)).toEqual(['purchases']);
    // An owner's own line has no «Роль»; another owner's has.
    expect(userActions({ id: 1, isOwner: true }, owner, 1)).not.toContain('role');
    expect(userActions({ id: 3, isOwner: true }, owner, 1)).toEqual([
      'edit',
      'mute',
      'ban',
      'sessions',
      'purchases',
      'role',
    ]);
  });
});
