import { afterEach, describe, expect, it } from 'vitest';
import type { LogEvent } from './protocol';
import type { StandIn } from './stand-in';
import { ANN, BOB, monoMissing, startProbe, stopAll } from './test-support';

afterEach(stopAll);

async function call(s: StandIn, ...args: string[]): Promise<string | null> {
  return (await s.console(`probe.perm ${args.join(' ')}`)).reply;
}

const frameworkLogs = (s: StandIn): string[] =>
  s.events
    .filter((e): e is LogEvent => e.event === 'log' && e.source === 'oxide')
    .map((e) => e.text)
    .filter((text) => !text.startsWith('Loaded plugin') && !text.startsWith('Unloaded plugin'));

describe.skipIf(monoMissing)('plugin stand-in: the permission library', () => {
  it('Oxide: a missing group or an unregistered permission is silently ignored; names compare case-insensitively', async () => {
    const s = await startProbe('oxide', { groups: ['vip_gold'] });
    await s.connect(ANN, 'Ann');
    expect(await call(s, 'groups')).toBe('default,admin,vip_gold');
    expect(await call(s, 'groupExists', 'vip')).toBe('False');
    expect(await call(s, 'addUserGroup', ANN, 'vip')).toBe('done');
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('False');
    expect(await call(s, 'userGroups', ANN)).toBe('default');

    expect(await s.createGroup('vip')).toBe(true);
    expect(await call(s, 'addUserGroup', ANN, 'VIP')).toBe('done');
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('True');
    expect(await call(s, 'userGroups', ANN)).toBe('default,VIP');
    // A player who never joined still gets a record in Oxide (GetUserData creates it).
    await call(s, 'addUserGroup', BOB, 'vip_gold');
    expect(await call(s, 'userHasGroup', BOB, 'VIP_GOLD')).toBe('True');

    expect(await call(s, 'grant', ANN, 'kits.vip')).toBe('done');
    expect(await call(s, 'userHasPermission', ANN, 'kits.vip')).toBe('False');
    expect(await call(s, 'permissionExists', 'kits.vip')).toBe('False');
    await s.registerPermission('kits.vip', 'Kits');
    expect(await call(s, 'permissionExists', 'KITS.VIP')).toBe('True');
    expect(await call(s, 'permissionExistsMine', 'kits.vip')).toBe('False');
    await call(s, 'grant', ANN, 'kits.vip');
    expect(await call(s, 'userHasPermission', ANN, 'Kits.Vip')).toBe('True');
    await call(s, 'revoke', ANN, 'kits.vip');
    expect(await call(s, 'userHasPermission', ANN, 'kits.vip')).toBe('False');

    // The plugin's own permission goes when it unloads.
    await s.registerPermission('standinprobe.use', 'StandInProbe');
    expect(await call(s, 'permissionExistsMine', 'standinprobe.use')).toBe('True');
    await s.reload();
    expect(await call(s, 'permissionExists', 'standinprobe.use')).toBe('False');

    await s.removeGroup('vip');
    expect(await call(s, 'userGroups', ANN)).toBe('default');
    expect(await call(s, 'createGroup', 'vip', 'VIP')).toBe('True');
    expect(await call(s, 'createGroup', 'VIP', 'VIP')).toBe('False');
  });

  it('Carbon: names are stored lower-cased, and a change for a player without a record lands on the shared blank record', async () => {
    const s = await startProbe('carbon');
    expect(await call(s, 'createGroup', 'VIP', 'VIP')).toBe('True');
    expect(await call(s, 'groups')).toBe('default,admin,vip');
    await s.registerPermission('kits.vip');

    // BOB never joined: Carbon's GetUserData hands out one blank record shared by every unknown id.
    await call(s, 'addUserGroup', BOB, 'vip');
    await call(s, 'grant', BOB, 'kits.vip');
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('True');
    const permissions = await s.permissions();
    expect(permissions.userGroups).toEqual({});
    expect(permissions.blankUser).toEqual({ groups: ['vip'], permissions: ['kits.vip'] });

    await s.connect(ANN, 'Ann');
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('False');
    await call(s, 'addUserGroup', ANN, 'VIP');
    expect((await s.permissions()).userGroups[ANN]).toEqual(['default', 'vip']);
  });

  it('memberships and grants reach the disk when the frameworks hear OnServerSave: a crash rolls back the rest', async () => {
    const s = await startProbe('oxide', { groups: ['vip'] });
    await s.connect(ANN, 'Ann');
    await call(s, 'addUserGroup', ANN, 'vip');
    await s.restart();
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('False');

    await call(s, 'addUserGroup', ANN, 'vip');
    await s.save();
    await s.restart();
    expect(await call(s, 'userHasGroup', ANN, 'vip')).toBe('True');

    // The permission data is written at the hook, the world at the end of the save: a group added in
    // between is lost in a crash while a give made at the same moment is kept.
    await s.createGroup('vip_gold');
    await s.connect(ANN, 'Ann');
    const saving = s.save({ frames: 40 });
    await s.waitFor((e) => e.event === 'save' && e.phase === 'started');
    await call(s, 'addUserGroup', ANN, 'vip_gold');
    await s.chat(ANN, '/give wood 5');
    await saving;
    await s.restart();
    expect(await call(s, 'groupExists', 'vip_gold')).toBe('True');
    expect(await call(s, 'userHasGroup', ANN, 'vip_gold')).toBe('False');
    expect((await s.inventory(ANN)).map((i) => i.shortname)).toEqual(['wood']);

    // The shutdown saves the permission data even when its world save does not happen.
    await call(s, 'addUserGroup', ANN, 'vip_gold');
    await s.quitDuringSave();
    await s.restart();
    expect(await call(s, 'userHasGroup', ANN, 'vip_gold')).toBe('True');
  });
});

describe.skipIf(monoMissing)('plugin stand-in: permission console commands', () => {
  it('Oxide logs every answer, a missing group included, and returns an empty reply with no LastError', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN, 'Ann');
    for (const command of [
      `oxide.usergroup add ${ANN} vip`,
      `o.usergroup add ${ANN} vip`,
      `perm.usergroup add ${ANN} vip`,
      'oxide.grant group vip kits.vip',
      `oxide.grant user ${ANN} kits.vip`,
    ]) {
      expect(await s.console(command)).toEqual({
        event: 'reply',
        id: expect.any(Number),
        ok: true,
        loaded: true,
        reply: '',
        lastError: null,
      });
    }
    expect(frameworkLogs(s)).toEqual([
      "Group 'vip' doesn't exist",
      "Group 'vip' doesn't exist",
      "Group 'vip' doesn't exist",
      "Permission 'kits.vip' doesn't exist",
      "Permission 'kits.vip' doesn't exist",
    ]);
    expect((await s.permissions()).userGroups[ANN]).toEqual(['default']);

    s.clearEvents();
    await s.registerPermission('kits.vip', 'Kits');
    await s.console('oxide.group add vip');
    await s.console(`oxide.usergroup add ${ANN} vip`);
    await s.console(`oxide.usergroup add 76561198000000099 vip`);
    await s.console(`oxide.usergroup add nobody vip`);
    await s.console(`oxide.grant user Ann kits.vip`);
    await s.console('oxide.revoke group vip kits.vip');
    expect(frameworkLogs(s)).toEqual([
      "Group 'vip' created",
      `Player 'Ann(${ANN})' added to group: vip`,
      "Player '76561198000000099' added to group: vip",
      "Player 'nobody' not found",
      `Player 'Ann (${ANN})' granted permission 'kits.vip'`,
      "Group 'vip' does not have permission 'kits.vip'",
    ]);
    const permissions = await s.permissions();
    expect(permissions.userGroups).toMatchObject({
      [ANN]: ['default', 'vip'],
      '76561198000000099': ['vip'],
    });
    expect(permissions.userPermissions[ANN]).toEqual(['kits.vip']);
  });

  it('Carbon answers c.* and carbon.* in the reply, and does not know the oxide.* names', async () => {
    const s = await startProbe('carbon');
    await s.connect(ANN, 'Ann');
    expect(await s.console(`c.usergroup add ${ANN} vip`)).toMatchObject({
      reply: "Group 'vip' could not be found.",
      lastError: null,
    });
    expect(await s.console(`oxide.usergroup add ${ANN} vip`)).toMatchObject({
      reply: null,
      lastError: `Command 'oxide.usergroup add ${ANN} vip' not found`,
    });
    expect((await s.console('c.grant user Ann kits.vip')).reply).toBe(
      "Couldn't grant permission - permission does not exist.",
    );
    expect((await s.console('carbon.group add vip')).reply).toBe("Created 'vip' group.");
    expect((await s.console(`carbon.usergroup add ${ANN} vip`)).reply).toBe(
      `Added Ann[${ANN}] to 'vip' group.`,
    );
    expect((await s.console(`c.usergroup add ${ANN} vip`)).reply).toBe(
      `Ann[${ANN}] is already in 'vip' group.`,
    );
    await s.registerPermission('kits.vip');
    expect((await s.console('c.grant group VIP kits.vip')).reply).toBe(
      "Granted group 'VIP' permission 'kits.vip'",
    );
    // Ann has it through the group only: Carbon's RevokeUserPermission finds nothing of hers to revoke.
    expect((await s.console('c.revoke user Ann kits.vip')).reply).toBe(
      "Couldn't revoke user permission.",
    );
    expect((await s.console('c.revoke user Ann other.perm')).reply).toBe(
      'User does not have that permission assigned.',
    );
    expect(frameworkLogs(s)).toEqual([]);
    expect((await s.permissions()).groupPermissions.vip).toEqual(['kits.vip']);
  });
});
