import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compilePlugin } from './build';
import { monoMissing } from './test-support';

const SURFACE = fileURLToPath(
  new URL('../../../plugins/oxide/test/fixtures/StubSurface.cs', import.meta.url),
);

async function pluginSource(name: string, body: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'stand-in-compile-')), `${name}.cs`);
  await writeFile(
    file,
    `namespace Oxide.Plugins\n{\n    [Info("${name}", "Test", "1.0.0")]\n    public class ${name} : RustPlugin\n    {\n${body}\n    }\n}\n`,
  );
  return file;
}

describe.skipIf(monoMissing)('plugin stand-in: compiling against the stubs', () => {
  it('compiles a plugin that uses every stubbed member with its real signature', async () => {
    await expect(compilePlugin(SURFACE)).resolves.toMatch(/StubSurface\.dll$/);
  });

  it('rejects a member the stubs do not declare, with mcs’s message', async () => {
    const file = await pluginSource(
      'UsesTake',
      '        private void Give(BasePlayer player) => player.inventory.Take(null, 1, 1);',
    );
    await expect(compilePlugin(file)).rejects.toThrow(
      /error CS1061: Type `PlayerInventory' does not contain a definition for `Take'/,
    );
  });

  it('rejects C# newer than 7', async () => {
    const file = await pluginSource(
      'NewSyntax',
      '        private string Text(object o) => o switch { null => "", _ => "x" };',
    );
    await expect(compilePlugin(file)).rejects.toThrow(/error CS/);
  });
});
