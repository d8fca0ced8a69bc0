import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildStandIn, compilePlugin, DEFAULT_ITEMS_PATH } from './build';
import { StandInProcess } from './process';
import type {
  InventoryItem,
  InventoryItemInit,
  ReplyEvent,
  StandInMode,
  StandInPermissions,
  StandInStatus,
} from './protocol';
import { StandInEvents } from './stand-in-events';

export interface StandInOptions {
  /** The plugin's .cs file (compiled with mcs against the stubs) or an already compiled DLL. */
  pluginPath: string;
  /** The server's directory (config/, lang/, data/, world.json). Default: a new temporary one. */
  dir?: string;
  mode: StandInMode;
  /** Written as config/<Plugin>.json before the first start. */
  config?: object;
  /** The item table; default ../shared/data/rust-items.json beside the repository. */
  itemsPath?: string;
  /** The game's server.saveinterval: a world save (OnServerSave, then the write) every so many seconds. */
  saveIntervalSeconds?: number;
  /** How long a command may wait for its reply. Default 30 s. */
  replyTimeoutMs?: number;
}

/** A running stand-in server with the plugin loaded. Every method sends one stdin command. */
export class StandIn extends StandInEvents {
  private process: StandInProcess | undefined;

  private constructor(
    readonly dir: string,
    readonly mode: StandInMode,
    readonly pluginName: string,
    private readonly args: string[],
    private readonly exe: string,
    private readonly replyTimeoutMs: number,
  ) {
    super();
  }

  static async start(options: StandInOptions): Promise<StandIn> {
    const build = await buildStandIn();
    const dll = options.pluginPath.endsWith('.dll')
      ? path.resolve(options.pluginPath)
      : await compilePlugin(path.resolve(options.pluginPath));
    const pluginName = path.basename(dll, '.dll');
    const dir = path.resolve(
      options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'rust-stand-in-run-'))),
    );
    if (options.config !== undefined) {
      await mkdir(path.join(dir, 'config'), { recursive: true });
      await writeFile(
        path.join(dir, 'config', `${pluginName}.json`),
        JSON.stringify(options.config, null, 2),
      );
    }
    const args = ['--dir', dir, '--mode', options.mode, '--plugin', dll];
    args.push('--items', path.resolve(options.itemsPath ?? DEFAULT_ITEMS_PATH));
    if (options.saveIntervalSeconds !== undefined)
      args.push('--save-interval', String(options.saveIntervalSeconds));
    const standIn = new StandIn(
      dir,
      options.mode,
      pluginName,
      args,
      build.exe,
      options.replyTimeoutMs ?? 30_000,
    );
    await standIn.spawn();
    return standIn;
  }

  get running(): boolean {
    return this.process?.running ?? false;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** What the process wrote on stderr (the tail), for failure messages. */
  get stderr(): string {
    return this.process?.stderrTail ?? '';
  }

  load(pluginPath?: string): Promise<{ loaded: boolean }> {
    return this.command('load', { path: pluginPath });
  }

  unload(): Promise<{ loaded: boolean }> {
    return this.command('unload');
  }

  /** Unload (if loaded) and load again, from a fresh copy of the DLL (or another one). */
  reload(pluginPath?: string): Promise<{ loaded: boolean }> {
    return this.command('reload', { path: pluginPath });
  }

  connect(steamId: string, name?: string): Promise<void> {
    return this.command('connect', { steamId, name }).then(() => undefined);
  }

  disconnect(steamId: string, reason?: string): Promise<void> {
    return this.command('disconnect', { steamId, reason }).then(() => undefined);
  }

  /** A chat line; "/store" runs the chat command. `handled`: a registered command ran. */
  chat(steamId: string, text: string): Promise<{ handled: boolean }> {
    return this.command('chat', { steamId, text });
  }

  /** ConsoleSystem.Run from the server console (RCON). */
  console(command: string): Promise<{ reply: string | null; lastError: string | null }> {
    return this.command('console', { command });
  }

  /** The world save: OnServerSave, then every player's inventory to world.json. */
  save(): Promise<{ path: string }> {
    return this.command('save');
  }

  async inventory(steamId: string): Promise<InventoryItem[]> {
    return (await this.command<{ items: InventoryItem[] }>('inventory', { steamId })).items;
  }

  /** Replaces the main inventory and belt (creates the player, asleep, if unknown). */
  setInventory(steamId: string, items: readonly InventoryItemInit[]): Promise<void> {
    return this.command('setInventory', { steamId, items }).then(() => undefined);
  }

  /** The player dies (IsDead() is true); their inventory stays as it is. */
  killPlayer(steamId: string): Promise<void> {
    return this.command('kill', { steamId }).then(() => undefined);
  }

  respawn(steamId: string): Promise<void> {
    return this.command('respawn', { steamId }).then(() => undefined);
  }

  /**
   * Another plugin's CanAcceptItem: CannotAccept for this shortname in an empty slot, so merges into
   * existing stacks still happen (null: refuse nothing). `anySlot`: in every slot, merges included.
   */
  refuse(shortname: string | null, options: { anySlot?: boolean } = {}): Promise<void> {
    return this.command('refuse', { shortname, anySlot: options.anySlot ?? false }).then(
      () => undefined,
    );
  }

  /** The permission library's data as it is in memory now. */
  async permissions(): Promise<StandInPermissions> {
    return (await this.command<{ permissions: StandInPermissions }>('permissions')).permissions;
  }

  /** Permission.CreateGroup, as an admin's `oxide.group add` would; false when it exists. */
  async createGroup(name: string, title?: string, rank?: number): Promise<boolean> {
    return (await this.command<{ created: boolean }>('createGroup', { name, title, rank })).created;
  }

  /** Permission.RemoveGroup: its members lose it. */
  async removeGroup(name: string): Promise<boolean> {
    return (await this.command<{ removed: boolean }>('removeGroup', { name })).removed;
  }

  /**
   * Permission.RegisterPermission by another plugin (owner: its name, default "OtherPlugin"), or by the
   * loaded plugin when owner is its name (then it goes when the plugin unloads).
   */
  registerPermission(permission: string, owner?: string): Promise<void> {
    return this.command('registerPermission', { permission, owner }).then(() => undefined);
  }

  /** Moves the timers' clock forward and fires what became due. */
  advance(seconds: number): Promise<{ fired: number }> {
    return this.command('advance', { seconds });
  }

  /** Writes lang/<lang>/<Plugin>.json as given, to break it on purpose. */
  writeLang(lang: string, text: string): Promise<{ path: string }> {
    return this.command('writeLang', { lang, text });
  }

  status(): Promise<StandInStatus> {
    return this.command('status');
  }

  /** SIGKILL: a crash. Nothing is saved. */
  async kill(): Promise<void> {
    await this.process?.kill('SIGKILL');
  }

  /** Starts the server again on the same directory (killing it first if it still runs). */
  async restart(): Promise<void> {
    await this.kill();
    await this.spawn();
  }

  /** The game's `quit`: OnServerShutdown, Unload, a world save, exit. */
  async close(): Promise<void> {
    const process = this.process;
    if (process === undefined || !process.running) return;
    await process.send('quit').catch(() => undefined);
    await Promise.race([process.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await process.kill('SIGKILL');
  }

  private async spawn(): Promise<void> {
    const process = new StandInProcess(
      this.exe,
      this.args,
      (event) => this.record(event),
      this.replyTimeoutMs,
    );
    this.process = process;
    await process.ready;
  }

  /** The reply carries the command's result beside `loaded` (whether the plugin is loaded now). */
  private async command<T extends object = object>(
    cmd: string,
    fields: Record<string, unknown> = {},
  ): Promise<ReplyEvent & T> {
    if (this.process === undefined) throw new Error('the stand-in was never started');
    const reply = await this.process.send(cmd, fields);
    return reply as ReplyEvent & T;
  }
}

export function startStandIn(options: StandInOptions): Promise<StandIn> {
  return StandIn.start(options);
}
