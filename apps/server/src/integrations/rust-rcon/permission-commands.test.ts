import { describe, expect, it } from 'vitest';
import {
  changeHolds,
  parsePermissionCommand,
  parsePlayerPermissions,
  permissionRefusal,
  readBackCommand,
} from './permission-commands';

const ID = '76561198000000002';

describe('permission commands', () => {
  it('recognises Oxide’s and Carbon’s group and permission commands, and nothing else', () => {
    expect(parsePermissionCommand(`oxide.usergroup add ${ID} vip_gold`)).toEqual({
      dialect: 'oxide',
      change: 'join',
      player: ID,
      target: 'vip_gold',
    });
    expect(parsePermissionCommand(`o.usergroup remove ${ID} vip_gold`)?.change).toBe('leave');
    expect(parsePermissionCommand(`oxide.grant user ${ID} kits.vip`)?.change).toBe('grant');
    expect(parsePermissionCommand(`perm.revoke user "Bandit Kolya" kits.vip`)).toMatchObject({
      change: 'revoke',
      player: 'Bandit Kolya',
    });
    expect(parsePermissionCommand(`c.usergroup add ${ID} vip_gold`)?.dialect).toBe('carbon');
    expect(parsePermissionCommand(`carbon.grant user ${ID} kits.vip`)?.dialect).toBe('carbon');
    expect(parsePermissionCommand(`oxide.grant group vip kits.vip`)).toBeNull();
    expect(parsePermissionCommand(`oxide.usergroup add ${ID}`)).toBeNull();
    expect(parsePermissionCommand(`inventory.giveto ${ID} wood 10`)).toBeNull();
  });

  it('reads back with the dialect’s own show command', () => {
    const oxide = parsePermissionCommand(`oxide.usergroup add ${ID} vip_gold`)!;
    const carbon = parsePermissionCommand(`c.usergroup add "Bandit Kolya" vip_gold`)!;
    expect(readBackCommand(oxide)).toBe(`oxide.show user ${ID}`);
    expect(readBackCommand(carbon)).toBe('c.show user "Bandit Kolya"');
  });

  it('names what was refused, in Oxide’s and Carbon’s words', () => {
    const join = parsePermissionCommand(`oxide.usergroup add ${ID} vip_gold`)!;
    const refusal = (message: string) => permissionRefusal(join, message);
    expect(refusal("Group 'vip_gold' doesn't exist")).toEqual({
      kind: 'group-missing',
      group: 'vip_gold',
    });
    expect(refusal("[Oxide] 14:03 [Info] Group 'vip_gold' doesn't exist")?.kind).toBe(
      'group-missing',
    );
    expect(refusal("Group 'vip_gold' could not be found.")?.kind).toBe('group-missing');
    expect(refusal("Permission 'kits.vip' doesn't exist")).toEqual({
      kind: 'permission-missing',
      permission: 'kits.vip',
    });
    expect(refusal("Player 'Kolya' not found")?.kind).toBe('player-not-found');
    expect(refusal("Couldn't find that player.")?.kind).toBe('player-not-found');
    expect(refusal('Multiple players were found, please specify: A, B')?.kind).toBe(
      'several-players',
    );
    expect(refusal('Usage: oxide.usergroup <add|remove> <username> <groupname>')?.kind).toBe(
      'usage',
    );
    expect(refusal(`Player 'Bandit_Kolya(${ID})' added to group: vip_gold`)).toBeNull();
  });

  it('reads a player’s groups and permissions from Oxide’s oxide.show user', () => {
    const shown = parsePlayerPermissions(
      'oxide',
      `Player 'Bandit_Kolya (${ID})' permissions:\nkits.vip, betterchatmute.use\n\n` +
        `Player 'Bandit_Kolya (${ID})' groups:\ndefault, vip_gold`,
    );
    expect(shown).toEqual({
      permissions: ['kits.vip', 'betterchatmute.use'],
      groups: ['default', 'vip_gold'],
    });
    expect(
      parsePlayerPermissions(
        'oxide',
        `Player '${ID}' permissions:\nNo permissions currently granted\n\n` +
          `Player '${ID}' groups:\nPlayer is not assigned to any groups`,
      ),
    ).toEqual({ permissions: [], groups: [] });
    expect(parsePlayerPermissions('oxide', "Player 'x' not found")).toBeNull();
  });

  it('reads Carbon’s c.show user, whose group list ends with "and"', () => {
    expect(
      parsePlayerPermissions(
        'carbon',
        `User Bandit_Kolya[${ID}] found in 3 groups:\n  default, vip_gold and admin\n` +
          `and has 2 permissions:\n  kits.vip, betterchatmute.use`,
      ),
    ).toEqual({
      groups: ['default', 'vip_gold', 'admin'],
      permissions: ['kits.vip', 'betterchatmute.use'],
    });
    expect(parsePlayerPermissions('carbon', "Couldn't find that user.")).toBeNull();
  });

  it('tells whether the change holds, ignoring case', () => {
    const state = { groups: ['default', 'VIP_Gold'], permissions: ['kits.vip'] };
    const check = (command: string) => changeHolds(parsePermissionCommand(command)!, state);
    expect(check(`oxide.usergroup add ${ID} vip_gold`)).toBe(true);
    expect(check(`oxide.usergroup remove ${ID} vip_gold`)).toBe(false);
    expect(check(`oxide.usergroup add ${ID} vip_silver`)).toBe(false);
    expect(check(`oxide.grant user ${ID} kits.vip`)).toBe(true);
    expect(check(`oxide.revoke user ${ID} kits.vip`)).toBe(false);
  });
});
