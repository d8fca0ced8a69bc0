import { createHash } from 'node:crypto';
import {
  adminServerSchema,
  apiErrorSchema,
  idParamSchema,
  okReplySchema,
  serverInputSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, errorReplies } from '../../plugins/errors';
import { SERVER_NOT_FOUND } from './servers-routes';
import { createServersRepository, toAdminServer, type ServerRow } from './servers-repository';
import { actorOf, entityAudit, recordAdminAction, recordAudit } from '../audit/audit-log';

const adminReplies = errorReplies(401, 403, 404);

/** The journal keeps the settings an admin changed, not the wipe times the shop works out. */
const serverAudit = (
  action: string,
  before: ServerRow | null | undefined,
  after: ServerRow | null,
) => entityAudit(action, 'server', before && toAdminServer(before), after && toAdminServer(after));

const serversAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createServersRepository(app.db);
  const tags = ['admin: servers'];
  const security = [{ bearer: [] }];
  // The catalogue holds the servers too (a sale or a wipe block reads their wipes and schedule).
  const changed = (serverId: number) => {
    app.servers.changed(serverId);
    app.catalog.invalidate();
  };
  const withWipes = async (row: ServerRow) =>
    toAdminServer(row, (await app.wipes.timesOf([row])).get(row.id));

  app.get(
    '/servers',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'All servers with RCON settings and plugin keys',
        response: { 200: z.array(adminServerSchema), ...adminReplies },
      },
    },
    async () => {
      const rows = await repo.list();
      const wipes = await app.wipes.timesOf(rows);
      return rows.map((row) => toAdminServer(row, wipes.get(row.id)));
    },
  );

  app.post(
    '/servers',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'Add a server',
        description:
          'wipeSchedule: when the server wipes (weekday 0 Sunday … 6 Saturday, time HH:MM in timeZone, the shop’s SHOP_TIMEZONE when left out), for the predicted nextWipeAt; null or left out: none.',
        body: serverInputSchema,
        response: { 201: adminServerSchema, 400: apiErrorSchema, ...adminReplies },
      },
    },
    async (request, reply) => {
      const { status, ...fields } = request.body;
      const row = await repo.create(fields, status);
      changed(row.id);
      await recordAdminAction(app.db, request, serverAudit('server.create', null, row));
      return reply.status(201).send(await withWipes(row));
    },
  );

  app.put(
    '/servers/:id',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'Edit a server (status maintenance or restarting is kept until set back)',
        description:
          'wipeSchedule left out keeps the schedule; null clears it (no nextWipeAt is predicted then).',
        params: idParamSchema,
        body: serverInputSchema,
        response: { 200: adminServerSchema, 400: apiErrorSchema, ...adminReplies },
      },
    },
    async (request) => {
      const { status, ...fields } = request.body;
      const before = await repo.findById(request.params.id);
      const row = await repo.update(request.params.id, fields, status);
      if (!row) throw notFound(SERVER_NOT_FOUND);
      changed(row.id);
      await recordAdminAction(app.db, request, serverAudit('server.update', before, row));
      return withWipes(row);
    },
  );

  app.delete(
    '/servers/:id',
    {
      config: { permission: 'servers' },
      schema: {
        tags,
        security,
        summary: 'Delete a server',
        params: idParamSchema,
        response: { 200: okReplySchema, ...adminReplies },
      },
    },
    async (request) => {
      const before = await repo.findById(request.params.id);
      if (!before || !(await repo.remove(request.params.id))) throw notFound(SERVER_NOT_FOUND);
      changed(request.params.id);
      await recordAdminAction(app.db, request, serverAudit('server.delete', before, null));
      return { success: true as const };
    },
  );

  app.post(
    '/servers/:id/plugin-key',
    {
      config: { permission: 'owner' },
      schema: {
        tags,
        security,
        summary: 'Issue a new plugin key (the old one stops working at once)',
        params: idParamSchema,
        response: { 200: adminServerSchema, ...adminReplies },
      },
    },
    async (request) => {
      // The new key and its journal row commit together. The journal names each key by the id the
      // plugin sends with every request (the start of its sha256), never by the key itself.
      const row = await app.db.transaction(async (tx) => {
        const servers = createServersRepository(tx);
        const before = await servers.findById(request.params.id);
        const after = await servers.regeneratePluginKey(request.params.id);
        if (!before || !after) return undefined;
        const keyId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);
        await recordAudit(tx, actorOf(request), {
          action: 'server.plugin-key',
          targetType: 'server',
          targetId: after.id,
          targetName: after.name,
          before: { keyId: keyId(before.pluginKey) },
          after: { keyId: keyId(after.pluginKey) },
        });
        return after;
      });
      if (!row) throw notFound(SERVER_NOT_FOUND);
      return withWipes(row);
    },
  );
};

export default serversAdminRoutes;
