import { ADMIN_MESSAGES, type ModerationReply } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { recordAdminAction } from '../audit/audit-log';
import { RCON_UNAVAILABLE } from '../servers/rcon-admin-routes';
import { onlineSteamIds } from '../servers/online-players';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { SERVER_NOT_FOUND } from '../servers/servers-routes';
import { assertMayActOn } from '../../plugins/permissions';
import { createUsersRepository, type UserRow } from '../users/users-repository';
import {
  banCommand,
  banIdCommand,
  muteCommand,
  muteSeconds,
  SAVE_CONFIG,
  unbanCommand,
  unmuteCommand,
} from './moderation-commands';
import {
  banFoundNoPlayer,
  moderationConfirmed,
  NO_ANSWER,
  NOT_DONE,
  quotedAnswer,
} from './moderation-replies';

export type ModerationAction =
  | { kind: 'mute'; serverId: number; reason: string; days: number; minutes: number }
  | { kind: 'unmute'; serverId: number }
  | { kind: 'ban'; serverId: number | 'all'; reason: string }
  | { kind: 'unban'; serverId: number | 'all' };

type Result = ModerationReply['results'][number];

/** One server's outcome: `confirmed` only when the game's answer says the command did its work. */
interface ServerOutcome extends Result {
  answered: boolean;
  confirmed: boolean;
}

const DONE: Record<ModerationAction['kind'], string> = {
  mute: ADMIN_MESSAGES.muteDone,
  unmute: ADMIN_MESSAGES.unmuteDone,
  ban: ADMIN_MESSAGES.banDone,
  unban: ADMIN_MESSAGES.unbanDone,
};

/** The console lines for one server: the command itself, then whatever makes it last. */
async function commandsFor(
  app: FastifyInstance,
  action: ModerationAction,
  user: UserRow,
  server: ServerRow,
): Promise<string[]> {
  switch (action.kind) {
    case 'mute':
      return [muteCommand(user.steamId, action.reason, muteSeconds(action.days, action.minutes))];
    case 'unmute':
      return [unmuteCommand(user.steamId)];
    case 'ban': {
      const online = (await onlineSteamIds(app, server)).includes(user.steamId);
      const ban = online
        ? banCommand(user.steamId, action.reason)
        : banIdCommand(user.steamId, user.username, action.reason);
      return [ban, SAVE_CONFIG];
    }
    case 'unban':
      return [unbanCommand(user.steamId), SAVE_CONFIG];
  }
}

/**
 * Runs the action on one server and reads the game's answer. `ok` only on the game's success text;
 * a refusal («Could not find player…», «Player not found») keeps status `unknown` (not confirmed)
 * with the game's words as output. `ban` for a player who left meanwhile becomes `banid`; the
 * config is saved only after a change.
 */
async function runOn(
  app: FastifyInstance,
  action: ModerationAction,
  user: UserRow,
  server: ServerRow,
): Promise<ServerOutcome> {
  const [command, ...follow] = await commandsFor(app, action, user, server);
  const client = app.servers.monitor.clientFor(server);
  const base = { serverId: server.id, serverName: server.name };
  const send = (line: string) => client.send(line, { timeoutMs: app.servers.consoleTimeoutMs });
  let reply = await send(command ?? '');
  if (reply.status === 'ok' && action.kind === 'ban' && banFoundNoPlayer(reply.message)) {
    reply = await send(banIdCommand(user.steamId, user.username, action.reason));
  }
  const unanswered = { answered: false, confirmed: false };
  if (reply.status === 'unavailable')
    return { ...base, status: 'unavailable', output: RCON_UNAVAILABLE, ...unanswered };
  if (reply.status === 'unknown')
    return { ...base, status: 'unknown', output: NO_ANSWER[action.kind], ...unanswered };
  const confirmed = moderationConfirmed(action.kind, reply.message);
  if (confirmed) for (const line of follow) await send(line);
  const status = confirmed ? 'ok' : 'unknown';
  return { ...base, status, output: reply.message, answered: true, confirmed };
}

/** What the admin reads: done, or which servers did not do it and what they said. */
function summary(kind: ModerationAction['kind'], outcomes: ServerOutcome[], several: boolean) {
  const reached = outcomes.filter((outcome) => outcome.status !== 'unavailable');
  const failed = reached.filter((outcome) => !outcome.confirmed);
  if (reached.length === 0) return { success: false, message: RCON_UNAVAILABLE };
  if (failed.length === 0) return { success: true, message: DONE[kind] };
  const said = (outcome: ServerOutcome) =>
    outcome.answered ? `игра ответила ${quotedAnswer(outcome.output)}` : 'сервер не ответил';
  const reasons = failed
    .map((outcome) => (several ? `${outcome.serverName} — ${said(outcome)}` : said(outcome)))
    .join('; ');
  return { success: false, message: `${NOT_DONE[kind]}: ${reasons}` };
}

/**
 * Mutes, unmutes, bans or unbans a player on one game server or all of them, over RCON, and records
 * it in the audit log with each server's reply. One server that cannot be reached is a 409; with
 * "all", each server's outcome is listed.
 */
export async function moderate(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  action: ModerationAction,
): Promise<ModerationReply> {
  const user = await createUsersRepository(app.db).findById(userId);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  // Nobody below an owner mutes or bans an owner (docs/decisions/0036-staff-roles.md).
  assertMayActOn(request.user!, user);
  const repo = createServersRepository(app.db);
  let targets: ServerRow[];
  if (action.serverId === 'all') {
    targets = await repo.list();
    if (targets.length === 0) throw badRequest(ADMIN_MESSAGES.noServers);
  } else {
    const server = await repo.findById(action.serverId);
    if (!server) throw notFound(SERVER_NOT_FOUND);
    targets = [server];
  }

  const outcomes: ServerOutcome[] = [];
  for (const server of targets) outcomes.push(await runOn(app, action, user, server));
  const reached = outcomes.some((outcome) => outcome.status !== 'unavailable');

  await recordAdminAction(app.db, request, {
    action: `moderation.${action.kind}`,
    targetType: 'user',
    targetId: user.id,
    targetName: user.username,
    after: {
      steamId: user.steamId,
      ...(action.kind === 'mute' ? { seconds: muteSeconds(action.days, action.minutes) } : {}),
      servers: outcomes.map(({ serverId, serverName, status, confirmed }) => ({
        serverId,
        serverName,
        status,
        confirmed,
      })),
    },
    reason: 'reason' in action ? action.reason : null,
  });

  if (!reached && action.serverId !== 'all') throw conflict(RCON_UNAVAILABLE);
  return {
    ...summary(action.kind, outcomes, targets.length > 1),
    results: outcomes.map(({ serverId, serverName, status, output }) => ({
      serverId,
      serverName,
      status,
      output,
    })),
  };
}
