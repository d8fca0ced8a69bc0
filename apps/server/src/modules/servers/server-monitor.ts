import type { FastifyBaseLogger } from 'fastify';
import {
  parsePlayerList,
  parseServerInfo,
  type RconClient,
  type RconPool,
} from '../../integrations/rust-rcon/index';
import { createSaveWatch, type SaveListener } from './save-watch';
import type { LinkObservation, ServerRow, ServersRepository } from './servers-repository';

const POLL_COMMAND_TIMEOUT_MS = 5_000;

/** What one poll learnt: the link's state, and the save the game runs on when it said. */
interface Observed {
  link: LinkObservation;
  save?: { createdAt: Date; map: string };
  /** The technical detail of a reply not understood, for the log. */
  detail?: string;
}

/** What the admin reads when the game's answer to a poll cannot be read (the detail is logged). */
export const POLL_ERRORS = {
  noAnswer: 'Сервер не ответил на запрос состояния (serverinfo) по RCON.',
  badServerInfo: 'Сервер прислал непонятный ответ на запрос состояния (serverinfo).',
  badPlayerList: 'Сервер прислал непонятный список игроков (playerlist).',
} as const;

/**
 * Asks one connected server for its state; any failure becomes a reason the admin reads (Russian,
 * the technical detail logged), never a throw.
 */
async function observe(client: RconClient): Promise<Observed> {
  if (!client.isOnline) {
    const { reason, detail } = client.status;
    const why =
      reason === 'password-refused' ? 'Сервер отклонил пароль RCON.' : 'Нет связи по RCON.';
    return { link: { online: false, error: detail ?? why } };
  }
  const [info, list] = await Promise.all([
    client.send('serverinfo', { timeoutMs: POLL_COMMAND_TIMEOUT_MS }),
    client.send('playerlist', { timeoutMs: POLL_COMMAND_TIMEOUT_MS }),
  ]);
  if (info.status !== 'ok') {
    return { link: { online: client.isOnline, error: POLL_ERRORS.noAnswer } };
  }
  const parsedInfo = parseServerInfo(info.message);
  if (!parsedInfo.ok) {
    return { link: { online: true, error: POLL_ERRORS.badServerInfo }, detail: parsedInfo.error };
  }
  const parsedList = list.status === 'ok' ? parsePlayerList(list.message) : undefined;
  const players = parsedList?.ok
    ? parsedList.value.map((player) => ({ steamId: player.steamId, name: player.displayName }))
    : undefined;
  const { saveCreatedAt, map } = parsedInfo.value;
  return {
    link: {
      online: true,
      playersOnline: players?.length ?? parsedInfo.value.players,
      maxPlayers: parsedInfo.value.maxPlayers,
      map,
      ...(players ? { players } : {}),
      error: parsedList && !parsedList.ok ? POLL_ERRORS.badPlayerList : null,
    },
    ...(saveCreatedAt ? { save: { createdAt: saveCreatedAt, map } } : {}),
    ...(parsedList && !parsedList.ok ? { detail: parsedList.error } : {}),
  };
}

export interface ServerMonitorOptions {
  intervalMs: number;
}

/**
 * Keeps each server's status, players and map current: polls on an interval, and records a link that
 * drops or comes back at once rather than at the next poll. A save the game reports that is new to
 * this process goes to the save listeners (a wipe) within the same poll.
 */
export function createServerMonitor(
  repo: ServersRepository,
  pool: RconPool,
  log: FastifyBaseLogger,
  options: ServerMonitorOptions,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const saves = createSaveWatch();
  /** Each server's last reply not understood: logged when it first shows, not every poll. */
  const details = new Map<number, string>();
  const logDetail = (serverId: number, detail: string | undefined) => {
    if (detail === undefined) return void details.delete(serverId);
    if (details.get(serverId) !== detail)
      log.warn({ serverId, detail }, 'game reply not understood');
    details.set(serverId, detail);
  };

  const clientFor = (row: ServerRow) =>
    pool.get({ id: row.id, ip: row.ip, rconPort: row.rconPort, rconPassword: row.rconPassword });

  async function pollServer(row: ServerRow) {
    let client: RconClient;
    let observed: Observed;
    try {
      client = clientFor(row);
      observed = await observe(client);
      logDetail(row.id, observed.detail);
      await repo.recordObservation(row.id, observed.link);
    } catch (error) {
      log.warn({ err: error, serverId: row.id }, 'server poll failed');
      return;
    }
    // Apart from the observation: a wipe not recorded (say, the database busy) costs no status.
    if (!observed.save) return;
    await saves.seen(row.id, client, observed.save).catch((error: unknown) => {
      log.warn({ err: error, serverId: row.id }, 'new save not recorded; retried at the next poll');
    });
  }

  async function pollAll() {
    const rows = await repo.list();
    const known = new Set(rows.map((row) => String(row.id)));
    await Promise.all(
      pool
        .ids()
        .filter((id) => !known.has(id))
        .map((id) => pool.remove(id)),
    );
    await Promise.all(rows.map(pollServer));
  }

  /** One poll at a time; a caller arriving mid-poll waits for it and then gets a fresh one. */
  function pollNow(): Promise<void> {
    const next = (running ?? Promise.resolve()).then(pollAll).catch((error: unknown) => {
      log.warn({ err: error }, 'server monitor poll failed');
    });
    running = next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  // A link this process holds that drops or returns is recorded at once, on any process: that is
  // no polling, and the server is just as down for this process's deliveries as for the leader.
  const unsubscribe = pool.onStatus((serverId, status) => {
    if (status.state === 'connecting') return;
    void repo
      .findById(Number(serverId))
      .then((row) => row && pollServer(row))
      .catch((error: unknown) => log.warn({ err: error, serverId }, 'status change not recorded'));
  });

  /** One server at once, after an admin changed it. */
  async function pollOne(serverId: number) {
    const row = await repo.findById(serverId);
    if (row) await pollServer(row);
    else {
      saves.forget(serverId);
      await pool.remove(serverId);
    }
  }

  return {
    pollNow,
    pollOne,
    clientFor,
    /** Told of each new save a poll sees (the wipes module's detection). */
    onSave: (listener: SaveListener) => saves.onSave(listener),
    /** Polls every server on the interval; on the leader only. */
    start() {
      void pollNow();
      clearInterval(timer);
      timer = setInterval(() => void pollNow(), options.intervalMs);
      timer.unref();
    },
    /** Stops polling (stepping down); safe to call again. */
    async stop() {
      clearInterval(timer);
      await running;
    },
    /** Also stops recording link changes: the process is closing. */
    async close() {
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}

export type ServerMonitor = ReturnType<typeof createServerMonitor>;
