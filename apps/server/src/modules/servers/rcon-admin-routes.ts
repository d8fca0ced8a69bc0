import {
  apiErrorSchema,
  dbIdSchema,
  rconCommandSchema,
  rconReplySchema,
  STEAM_ID64,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { SERVER_NOT_FOUND } from './servers-routes';
import { onlineSteamIds } from './online-players';
import { createServersRepository } from './servers-repository';
import { consoleAudit, consoleSentAudit } from './console-audit';
import { actorOf, appendAudit, recordAdminAction } from '../audit/audit-log';

export const RCON_UNAVAILABLE = 'Нет связи с сервером по RCON. Проверьте адрес, порт и пароль.';

export const CONSOLE_NOT_JOURNALED =
  'Команда не отправлена: не удалось записать её в журнал. Попробуйте ещё раз.';

/** The console's words for a command the game sent nothing back for. */
const NO_ANSWER = 'Сервер не ответил вовремя: команда могла выполниться.';

const serverIdParams = z.object({ serverId: dbIdSchema });

const rconAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createServersRepository(app.db);
  const tags = ['admin: servers'];
  const security = [{ bearer: [] }];

  async function clientOf(serverId: number) {
    const row = await repo.findById(serverId);
    if (!row) throw notFound(SERVER_NOT_FOUND);
    return { row, client: app.servers.monitor.clientFor(row) };
  }

  app.post(
    '/rcon/:serverId',
    {
      config: { permission: 'rcon', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Run a console command on a game server',
        description:
          'output is the whole answer: every line the game logged while the command ran, then its ' +
          'reply. status "unknown" means the game sent nothing in time: it sends nothing at all ' +
          'for a command it does not know, and a known one may still have run.',
        params: serverIdParams,
        body: rconCommandSchema,
        response: {
          200: rconReplySchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { row, client } = await clientOf(request.params.serverId);
      const { command } = request.body;
      // Journaled before it leaves: a command the journal cannot name does not run at all.
      let sent: number | null;
      try {
        sent = await app.db.transaction((tx) =>
          appendAudit(tx, actorOf(request), consoleSentAudit(row, command)),
        );
      } catch (error) {
        request.log.error({ err: error, serverId: row.id }, 'console command not journaled');
        throw new HttpError(503, 'internal', CONSOLE_NOT_JOURNALED);
      }
      const result = await client.send(command, { timeoutMs: app.servers.consoleTimeoutMs });
      request.log.info(
        { serverId: row.id, admin: request.user?.id, status: result.status },
        'admin console command',
      );
      // Then completed with the first line of what the game answered.
      await recordAdminAction(app.db, request, consoleAudit(row, command, result, sent));
      if (result.status === 'unavailable') throw conflict(RCON_UNAVAILABLE);
      // Silence is never "done": the panel says the game may not know the command.
      if (result.status === 'unknown') return { status: 'unknown' as const, output: NO_ANSWER };
      return { status: 'ok' as const, output: result.message };
    },
  );

  app.get(
    '/player-online/:serverId/:steamId',
    {
      config: { permission: 'rcon' },
      schema: {
        tags,
        security,
        summary: 'Whether a player is on a server right now',
        params: serverIdParams.extend({
          steamId: z.string().regex(STEAM_ID64, 'Неверный Steam ID'),
        }),
        response: { 200: z.object({ isOnline: z.boolean() }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { row } = await clientOf(request.params.serverId);
      const players = await onlineSteamIds(app, row);
      return { isOnline: players.includes(request.params.steamId) };
    },
  );
};

export default rconAdminRoutes;
