import { ADMIN_MESSAGES, type ModerationReply } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import { recordAdminAction } from '../audit/audit-log';
import { RCON_UNAVAILABLE } from '../servers/rcon-admin-routes';
import { onlineSteamIds } from '../servers/online-players';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { SERVER_NOT_FOUND } from '../servers/servers-routes';
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

export type ModerationAction =
  | { kind: 'mute'; serverId: number; reason: string; days: number; minutes: number }
  | { kind: 'unmute'; serverId: number }
  | { kind: 'ban'; serverId: number | 'all'; reason: string }
  | { kind: 'unban'; serverId: number | 'all' };

type Result = ModerationReply['results'][number];

const NO_REPLY = 'Сервер не ответил вовремя: команда могла выполниться.';
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

async function runOn(
  app: FastifyInstance,
  action: ModerationAction,
  user: UserRow,
  server: ServerRow,
): Promise<Result> {
  const [command, ...follow] = await commandsFor(app, action, user, server);
  const client = app.servers.monitor.clientFor(server);
  const base = { serverId: server.id, serverName: server.name };
  const reply = await client.send(command ?? '', { timeoutMs: app.servers.consoleTimeoutMs });
  if (reply.status === 'unavailable')
    return { ...base, status: 'unavailable', output: RCON_UNAVAILABLE };
  for (const line of follow) await client.send(line, { timeoutMs: app.servers.consoleTimeoutMs });
  if (reply.status === 'unknown') return { ...base, status: 'unknown', output: NO_REPLY };
  return { ...base, status: 'ok', output: reply.message };
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

  const results: Result[] = [];
  for (const server of targets) results.push(await runOn(app, action, user, server));
  const reached = results.some((result) => result.status !== 'unavailable');

  await recordAdminAction(app.db, request, {
    action: `moderation.${action.kind}`,
    targetType: 'user',
    targetId: user.id,
    targetName: user.username,
    after: {
      steamId: user.steamId,
      ...(action.kind === 'mute' ? { seconds: muteSeconds(action.days, action.minutes) } : {}),
      servers: results.map(({ serverId, serverName, status }) => ({
        serverId,
        serverName,
        status,
      })),
    },
    reason: 'reason' in action ? action.reason : null,
  });

  if (!reached && action.serverId !== 'all') throw conflict(RCON_UNAVAILABLE);
  return {
    success: reached,
    message: reached ? DONE[action.kind] : RCON_UNAVAILABLE,
    results,
  };
}
