import { setTimeout as sleep } from 'node:timers/promises';
import {
  pluginFailReplySchema,
  pluginItemsReplySchema,
  pluginLeaseReplySchema,
  pluginReleaseReplySchema,
  pluginUpdatedReplySchema,
  pluginWaitReplySchema,
  type PluginJob,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  classifyGiveReply,
  parsePlayerList,
  quoteConsoleArg,
  RconClient,
  type RconEndpoint,
} from '../../integrations/rust-rcon/index';
import { createPluginLink, PluginLinkError } from './demo-plugin-link';

export interface DemoPluginItem {
  itemid: number;
  shortname: string;
  displayName: string;
  category: string;
  stackable: number;
}

export interface DemoPluginOptions {
  /** The shop's plugin API base over loopback, ending in /api/plugin/v2. */
  baseUrl: string;
  /** The server's plugin key, as the owner pastes it into the plugin's config. */
  serverKey: () => Promise<string>;
  /** The game server's console, through which the plugin gives (the game's own command). */
  rcon: RconEndpoint;
  items: readonly DemoPluginItem[];
  /** How often the simulated world saves; the shop settles given jobs after it. Default 60 s. */
  saveIntervalMs?: number;
  /** Told of every world save, so the game's console can show it. */
  onWorldSave?: (saved: number) => void;
  log: FastifyBaseLogger;
}

export interface DemoPlugin {
  stop(): Promise<void>;
}

/** Why a give did not happen: wait and offer it again, or give up on it. */
type Refusal =
  { kind: 'release'; reason: string; retrySeconds: number } | { kind: 'fail'; reason: string };
type Outcome = { kind: 'given'; given: number; note?: string } | Refusal;

const OFFLINE_REASON = 'Игрок не в сети';
const NO_ROOM_REASON = 'Нет места в инвентаре';
const NO_REPLY: Refusal = { kind: 'release', reason: 'Сервер не ответил', retrySeconds: 30 };

/**
 * Demo mode only: a stand-in for the game-server plugin (RustShopStore 2) on a simulated server. It
 * long-polls the shop with the players online, leases their jobs, gives them through the game's
 * `inventory.giveto` (a kit line by line, or runs a job's commands), reports what it gave (in
 * units: items, or commands), and after each simulated world
 * save reports it saved, so a purchase on the demo's plugin server arrives within seconds and settles
 * at the next save, as with the real plugin.
 */
export function startDemoPlugin(options: DemoPluginOptions): DemoPlugin {
  const link = createPluginLink(options.baseUrl, options.serverKey);
  const rcon = new RconClient({ ...options.rcon, pingIntervalMs: 0 });
  rcon.connect();
  const stopping = new AbortController();
  /** Job id -> units the live world has and the saved world lacks. */
  const unsaved = new Map<string, number>();

  const run = async (command: string) => {
    const result = await rcon.send(command);
    return result.status === 'ok' ? result.message : null;
  };

  async function online(): Promise<string[]> {
    const reply = await run('playerlist');
    if (reply === null) return [];
    const parsed = parsePlayerList(reply);
    return parsed.ok ? parsed.value.map((player) => player.steamId) : [];
  }

  /** One `inventory.giveto`: null when the game gave it, else why not. */
  async function giveItem(
    steamId: string,
    shortname: string,
    amount: number,
  ): Promise<Refusal | null> {
    const reply = await run(`inventory.giveto ${steamId} ${quoteConsoleArg(shortname)} ${amount}`);
    if (reply === null) return NO_REPLY;
    switch (classifyGiveReply(reply)) {
      case 'given':
        return null;
      case 'player-not-found':
        return { kind: 'release', reason: OFFLINE_REASON, retrySeconds: 30 };
      case 'inventory-full':
        return { kind: 'release', reason: NO_ROOM_REASON, retrySeconds: 60 };
      default:
        return { kind: 'fail', reason: `Игра ответила: ${reply.trim()}` };
    }
  }

  /**
   * A kit: its lines in order, from where `given` left off (the units count items across the
   * lines, the first line's first). A line the game refuses stops it; what was given before is
   * reported, with the reason the rest waits.
   */
  async function giveKit(steamId: string, job: PluginJob): Promise<Outcome> {
    let given = job.given;
    let end = 0;
    for (const line of job.items) {
      end += line.amount;
      const left = Math.min(line.amount, end - given);
      if (left <= 0) continue;
      const refused = await giveItem(steamId, line.shortname, left);
      if (refused) {
        return given === job.given ? refused : { kind: 'given', given, note: refused.reason };
      }
      given += left;
    }
    return { kind: 'given', given };
  }

  async function give(steamId: string, job: PluginJob): Promise<Outcome> {
    if (job.kind === 'commands') {
      let given = job.given;
      for (const command of job.commands.slice(job.given)) {
        if ((await run(command)) === null) break;
        given += 1;
      }
      return given > job.given ? { kind: 'given', given } : NO_REPLY;
    }
    if (job.kind === 'kit') return giveKit(steamId, job);
    const refused = await giveItem(steamId, job.shortname ?? '', job.amount - job.given);
    return refused ?? { kind: 'given', given: job.amount };
  }

  async function deliverTo(steamId: string): Promise<void> {
    const { signal } = stopping;
    const lease = await link.post(
      '/jobs/lease',
      { steamId, manual: false },
      pluginLeaseReplySchema,
      signal,
    );
    const given: Array<{ id: string; given: number }> = [];
    const failed: Array<{ id: string; reason: string }> = [];
    const released = new Map<string, { ids: string[]; retrySeconds: number }>();
    for (const job of lease.jobs) {
      const outcome = await give(steamId, job);
      if (outcome.kind === 'given') {
        given.push({
          id: job.id,
          given: outcome.given,
          ...(outcome.note ? { note: outcome.note } : {}),
        });
        unsaved.set(job.id, outcome.given);
      } else if (outcome.kind === 'fail') failed.push({ id: job.id, reason: outcome.reason });
      else {
        const group = released.get(outcome.reason) ?? { ids: [], retrySeconds: 0 };
        group.ids.push(job.id);
        group.retrySeconds = outcome.retrySeconds;
        released.set(outcome.reason, group);
      }
    }
    if (given.length) {
      await link.post('/jobs/given', { jobs: given }, pluginUpdatedReplySchema, signal);
    }
    if (failed.length) await link.post('/jobs/fail', { jobs: failed }, pluginFailReplySchema);
    for (const [reason, group] of released) {
      await link.post(
        '/jobs/release',
        { ids: group.ids, reason, retrySeconds: group.retrySeconds },
        pluginReleaseReplySchema,
        signal,
      );
    }
  }

  async function worldSave(): Promise<void> {
    if (unsaved.size === 0) return;
    const jobs = [...unsaved].map(([id, saved]) => ({ id, saved }));
    await link.post('/jobs/saved', { jobs }, pluginUpdatedReplySchema, stopping.signal);
    for (const job of jobs) unsaved.delete(job.id);
    options.onWorldSave?.(jobs.length);
  }

  async function loop(): Promise<void> {
    let itemsSent = false;
    while (!stopping.signal.aborted) {
      try {
        if (!itemsSent && options.items.length > 0) {
          await link.post('/items', { items: options.items }, pluginItemsReplySchema);
          itemsSent = true;
        }
        const reply = await link.post(
          '/wait',
          { online: await online() },
          pluginWaitReplySchema,
          stopping.signal,
        );
        for (const steamId of reply.steamIds) await deliverTo(steamId);
      } catch (error) {
        if (stopping.signal.aborted) return;
        // The shop is still starting (not listening yet) or restarting: try again shortly.
        if (!(error instanceof PluginLinkError && error.status === 0)) {
          options.log.warn({ err: error }, 'demo plugin: round failed');
        }
        await sleep(2000, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  const saver = setInterval(() => {
    worldSave().catch((error: unknown) => {
      if (!stopping.signal.aborted) options.log.warn({ err: error }, 'demo plugin: save failed');
    });
  }, options.saveIntervalMs ?? 60_000);
  saver.unref();
  const running = loop();

  return {
    async stop() {
      clearInterval(saver);
      // The last world save of a shutdown counts as saved, as the real plugin reports it.
      await worldSave().catch(() => undefined);
      stopping.abort();
      await running;
      await rcon.close();
    },
  };
}
