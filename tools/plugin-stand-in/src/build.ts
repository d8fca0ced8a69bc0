import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** C# sources of the stub assembly and of the host program. */
export const STUBS_DIR = path.join(repoRoot, 'plugins/oxide/test/stubs');
export const HOST_DIR = path.join(repoRoot, 'plugins/oxide/test/stand-in');
/** The item table the shop ships (apps/server/data): the stand-in's game has the same items. */
export const DEFAULT_ITEMS_PATH = path.join(repoRoot, 'apps/server/data/rust-items.json');

const CACHE_DIR = path.join(os.tmpdir(), 'rust-stand-in');
const NEWTONSOFT_CANDIDATES = [
  '/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll',
  '/usr/lib/mono/gac/Newtonsoft.Json/6.0.0.0__b9a188c8922137c6/Newtonsoft.Json.dll',
];

export interface StandInBuild {
  /** Directory holding RustStandIn.exe, RustStandIn.Stubs.dll and Newtonsoft.Json.dll. */
  dir: string;
  exe: string;
  stubs: string;
  newtonsoft: string;
  /** Content hash of the sources the build came from. */
  hash: string;
}

/** Whether an executable is on PATH (the stand-in needs `mcs` and `mono`). */
export function onPath(command: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/** Debian's libnewtonsoft-json5.0-cil, or NEWTONSOFT_JSON_DLL. */
export function findNewtonsoft(): string {
  const fromEnv = process.env.NEWTONSOFT_JSON_DLL;
  const gac = '/usr/lib/mono/gac/Newtonsoft.Json';
  const fromGac = existsSync(gac)
    ? readdirSync(gac).map((version) => path.join(gac, version, 'Newtonsoft.Json.dll'))
    : [];
  const found = [fromEnv, ...NEWTONSOFT_CANDIDATES, ...fromGac].find(
    (candidate) => candidate !== undefined && existsSync(candidate),
  );
  if (found === undefined) {
    throw new Error('Newtonsoft.Json.dll not found: install libnewtonsoft-json5.0-cil');
  }
  return found;
}

function runMcs(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'mcs',
      ['-langversion:7', ...args],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`mcs failed (${args.at(-1) ?? ''}):\n${stdout}${stderr}`));
        } else {
          resolve();
        }
      },
    );
  });
}

async function csFiles(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((name) => name.endsWith('.cs'))
    .sort()
    .map((name) => path.join(dir, name));
}

async function hashFiles(files: string[], extra: string): Promise<string> {
  const hash = createHash('sha256').update(extra);
  for (const file of files) {
    hash
      .update(path.basename(file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * Builds into a private directory and renames it into place, so that concurrent builds (parallel
 * test files) never see a half-written one; the loser of the race keeps the winner's.
 */
async function buildOnce(target: string, build: (dir: string) => Promise<void>): Promise<void> {
  if (existsSync(target)) return;
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(temporary, { recursive: true });
  try {
    await build(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

let standInBuild: Promise<StandInBuild> | undefined;

/** Compiles the stubs and the host once per content hash (cached under the OS temp directory). */
export function buildStandIn(): Promise<StandInBuild> {
  standInBuild ??= (async () => {
    const newtonsoft = findNewtonsoft();
    const stubSources = await csFiles(STUBS_DIR);
    const hostSources = await csFiles(HOST_DIR);
    const hash = await hashFiles([...stubSources, ...hostSources], newtonsoft);
    const dir = path.join(CACHE_DIR, `host-${hash}`);
    await buildOnce(dir, async (out) => {
      await copyFile(newtonsoft, path.join(out, 'Newtonsoft.Json.dll'));
      const stubs = path.join(out, 'RustStandIn.Stubs.dll');
      const json = `-r:${path.join(out, 'Newtonsoft.Json.dll')}`;
      await runMcs(['-target:library', '-debug', `-out:${stubs}`, json, ...stubSources]);
      await runMcs([
        '-target:exe',
        '-debug',
        `-out:${path.join(out, 'RustStandIn.exe')}`,
        `-r:${stubs}`,
        json,
        ...hostSources,
      ]);
    });
    return {
      dir,
      exe: path.join(dir, 'RustStandIn.exe'),
      stubs: path.join(dir, 'RustStandIn.Stubs.dll'),
      newtonsoft: path.join(dir, 'Newtonsoft.Json.dll'),
      hash,
    };
  })();
  standInBuild.catch(() => {
    standInBuild = undefined;
  });
  return standInBuild;
}

/**
 * Compiles a plugin's single .cs file against the stubs, as Oxide compiles it against the game:
 * `<Name>.dll` (the host finds `Oxide.Plugins.<Name>` by the file's name), cached by content hash.
 * Rejects with mcs's output when the plugin does not compile.
 */
export async function compilePlugin(csPath: string): Promise<string> {
  const build = await buildStandIn();
  const name = path.basename(csPath, '.cs');
  const hash = await hashFiles([csPath], build.hash);
  const dir = path.join(CACHE_DIR, 'plugins', `${name}-${hash}`);
  await buildOnce(dir, async (out) => {
    await runMcs([
      '-target:library',
      '-debug',
      `-out:${path.join(out, `${name}.dll`)}`,
      `-r:${build.stubs}`,
      `-r:${build.newtonsoft}`,
      '-r:System.dll',
      '-r:System.Core.dll',
      '-r:System.Data.dll',
      csPath,
    ]);
  });
  return path.join(dir, `${name}.dll`);
}
