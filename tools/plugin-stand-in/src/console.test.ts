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

  it('records Oxide’s permission commands and says to every player', async () => {
    const s = await startProbe('carbon');
    await s.connect(ANN);
    expect(await s.console(`oxide.usergroup add ${ANN} vip`)).toMatchObject({
      reply: `Player '${ANN}' added to group: vip`,
      lastError: null,
    });
    await s.console('oxide.grant group vip "kits.vip"');
    await s.console(`oxide.grant user ${ANN} skins.use`);
    await s.console(`oxide.revoke user ${ANN} skins.use`);
    expect((await s.status()).permissions).toEqual({
      userGroups: { [ANN]: ['vip'] },
      userPermissions: { [ANN]: [] },
      groupPermissions: { vip: ['kits.vip'] },
    });
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
