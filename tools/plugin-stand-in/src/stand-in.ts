import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildStandIn, compilePlugin, DEFAULT_ITEMS_PATH } from './build';
import { StandInProcess } from './process';
import type { FrameStatsResult, ReplyEvent, StandInMode } from './protocol';
import { StandInGame } from './stand-in-game';

/** Where the game keeps the world save: ConVar.Server.rootFolder + "/" + World.SaveFileName. */
export const SAVE_FILE = 'server/my_server_identity/proceduralmap.3000.12345.274.sav';

export interface StandInOptions {
  /** The plugin's .cs file (compiled with mcs against the stubs) or an already compiled DLL. */
  pluginPath: string;
  /**
   * The server's directory and working directory (config/, lang/, data/, and the world save under
   * server/my_server_identity/). Default: a new temporary one.
   */
  dir?: string;
  mode: StandInMode;
  /** Written as config/<Plugin>.json before the first start. */
  config?: object;
  /** The item table; default the one the shop ships, apps/server/data/rust-items.json. */
  itemsPath?: string;
  /** The game's server.saveinterval: an automatic world save every so many seconds (same frames as save()). */
  saveIntervalSeconds?: number;
  /** Frames an automatic save waits between OnServerSave and the write. Default 3. */
  saveFrames?: number;
  /** The length of a frame while a save runs, in ms. Default 16. */
  frameMs?: number;
  /** Groups that exist besides default and admin (as if an admin had created them). */
  groups?: string[];
  /** How long a command may wait for its reply. Default 30 s. */
  replyTimeoutMs?: number;
}

/** A running stand-in server with the plugin loaded. Every method sends one stdin command. */
export class StandIn extends StandInGame {
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
    if (options.saveFrames !== undefined) args.push('--save-frames', String(options.saveFrames));
    if (options.frameMs !== undefined) args.push('--frame-ms', String(options.frameMs));
    if (options.groups !== undefined && options.groups.length > 0)
      args.push('--groups', options.groups.join(','));
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

  /** ConVar.Server.rootFolder + "/" + World.SaveFileName, under the server's directory. */
  get saveFilePath(): string {
    return path.join(this.dir, SAVE_FILE);
  }

  /**
   * An automatic world save: OnServerSave, IsSaving true, `frames` frames (default: the start option,
   * 3) in which everything else keeps running, then the write. Resolves once it has finished or failed:
   * `written` is false when the write failed (setSaveFailure). Rejects while another save runs.
   */
  save(options: { frames?: number } = {}): Promise<{ written: boolean; path: string }> {
    return this.command('save', { frames: options.frames });
  }

  /** A full disk: every save (the shutdown's too) fails until switched off, and logs the game's error. */
  setSaveFailure(on: boolean): Promise<void> {
    return this.command('setSaveFailure', { on }).then(() => undefined);
  }

  /**
   * Starts an automatic save and runs the game's `quit` in its middle frame: OnServerShutdown, the
   * plugin unloads, and the shutdown's server.save does nothing because IsSaving is still true. The
   * process then exits; `written` is false.
   */
  async quitDuringSave(
    options: { frames?: number } = {},
  ): Promise<{ written: boolean; quitAtFrame: number }> {
    const reply = await this.command<{ written: boolean; quitAtFrame: number }>('quitDuringSave', {
      frames: options.frames,
    });
    await this.process?.exited;
    return reply;
  }

  /** Plugin time per frame since the start or the last reset (`reset`: start counting again after this). */
  async stats(options: { reset?: boolean } = {}): Promise<FrameStatsResult> {
    const reply = await this.command<FrameStatsResult>('stats', { reset: options.reset ?? false });
    return {
      frames: reply.frames,
      maxFrameMs: reply.maxFrameMs,
      totalPluginMs: reply.totalPluginMs,
      over5ms: reply.over5ms,
      maxFrameCpuMs: reply.maxFrameCpuMs,
      totalPluginCpuMs: reply.totalPluginCpuMs,
      over5msCpu: reply.over5msCpu,
    };
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

  /**
   * The game's `quit`: OnServerShutdown, the plugin unloads (Carbon: OnServerSave first), the players
   * are kicked, then a blocking world save, then the process exits. `written`: whether that save wrote
   * (undefined when the process was not running or did not answer).
   */
  async close(): Promise<{ written?: boolean }> {
    const process = this.process;
    if (process === undefined || !process.running) return {};
    const reply = await process.send('quit').catch(() => undefined);
    await Promise.race([process.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await process.kill('SIGKILL');
    return { written: typeof reply?.written === 'boolean' ? reply.written : undefined };
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
  protected async command<T extends object = object>(
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
