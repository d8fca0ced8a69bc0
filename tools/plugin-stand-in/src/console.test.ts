import { afterEach, describe, expect, it } from 'vitest';
import { ANN, monoMissing, startProbe, stopAll } from './test-support';

afterEach(stopAll);

describe.skipIf(monoMissing)('plugin stand-in: console and chat commands', () => {
  it('ConsoleSystem.Run from the plugin: LastError for an unknown command, the game’s Error reply for one that throws', async () => {
    const s = await startProbe('oxide');
    expect((await s.console('probe.run nope.cmd')).reply).toBe(
      "reply=null error=Command 'nope.cmd' not found",
    );
    expect((await s.console('probe.run fail.command')).reply).toBe(
      'reply=Error: fail.command - fail.command always fails (RustStandIn) error=null',
    );
    expect(s.commandsRun().filter((c) => c.origin === 'plugin')).toEqual([
      {
        event: 'command',
        text: 'nope.cmd',
        reply: null,
        lastError: "Command 'nope.cmd' not found",
        origin: 'plugin',
      },
      expect.objectContaining({ text: 'fail.command', lastError: null }),
    ]);
  });

  it('Oxide’s permission commands answer in the log and return an empty reply; say goes to every player', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN, 'Ann');
    await s.registerPermission('kits.vip', 'Kits');
    expect(await s.console(`oxide.usergroup add ${ANN} vip`)).toMatchObject({
      reply: '',
      lastError: null,
    });
    expect(await s.console(`oxide.group add vip`)).toMatchObject({ reply: '', lastError: null });
    await s.console(`oxide.usergroup add ${ANN} vip`);
    await s.console('oxide.grant group vip "kits.vip"');
    await s.console(`oxide.grant user ${ANN} skins.use`);
    const oxideLines = s.events
      .filter((e) => e.event === 'log' && e.source === 'oxide' && !e.text.startsWith('Loaded'))
      .map((e) => (e as { text: string }).text);
    expect(oxideLines).toEqual([
      "Group 'vip' doesn't exist",
      "Group 'vip' created",
      `Player 'Ann(${ANN})' added to group: vip`,
      "Group 'vip' granted permission 'kits.vip'",
      "Permission 'skins.use' doesn't exist",
    ]);
    const permissions = await s.permissions();
    expect(permissions.userGroups[ANN]).toEqual(['default', 'vip']);
    expect(permissions.groupPermissions.vip).toEqual(['kits.vip']);
    await s.console('say "Server restart in 5 minutes"');
    expect(s.chats(ANN)).toEqual([
      { event: 'chat', steamId: ANN, text: '"Server restart in 5 minutes"', from: 'SERVER' },
    ]);
  });

  it('a chat command is found by its lower-cased name; an unknown one is answered in chat', async () => {
    const s = await startProbe('oxide');
    await s.connect(ANN);
    expect(await s.chat(ANN, '/GIVE wood 5')).toMatchObject({ handled: true });
    expect(await s.chat(ANN, '/nothing here')).toMatchObject({ handled: false });
    expect(await s.chat(ANN, 'just talking')).toMatchObject({ handled: false });
    expect(s.chats(ANN).map((c) => c.text)).toEqual([
      'gave wood True left 5',
      'Unknown command: nothing',
    ]);
  });
});
