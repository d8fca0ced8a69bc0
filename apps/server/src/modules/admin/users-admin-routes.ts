import {
  ADMIN_MESSAGES,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserUpdateSchema,
  idParamSchema,
  kopecksToRoubles,
  okReplySchema,
  userSchema,
  VIP_NONE,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { badRequest, errorReplies, notFound } from '../../plugins/errors';
import { actorOf, recordAudit } from '../audit/audit-log';
import { searchUsers, toAdminUser } from '../users/admin-users';
import { assertMayEditUser, updateUserByAdmin } from './update-user';

/** SPEC §2 Users tab: the list with search and paging, and the edit of one user. */
const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: users'];
  const security = [{ bearer: [] }];

  app.get(
    '/users',
    {
      config: { permission: 'moderation' },
      schema: {
        tags,
        security,
        summary: 'Users, newest first, by part of the name or the start of the Steam ID',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorReplies(400) },
      },
    },
    async (request) => {
      const { query, page, pageSize, staff } = request.query;
      return { ...(await searchUsers(app.db, query, page, pageSize, staff)), page, pageSize };
    },
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'money', idempotent: true },
      schema: {
        tags,
        security,
        summary: 'Edit a user: balance (as a ledger adjustment with a reason), admin flag, VIP',
        description:
          'With `previousBalance` (the balance the admin saw) the difference is applied, so a ' +
          'purchase made meanwhile stays paid; without it the balance is set. A VIP granted here ' +
          'runs the tier’s grant commands on `vipServerId` like a purchase; ending it revokes them.',
        params: idParamSchema,
        body: adminUserUpdateSchema,
        response: { 200: userSchema, ...errorReplies(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = { ...actorOf(request), id: request.user!.id, role: request.user!.role };
      const tier = request.body.vipStatus;
      if (tier && tier !== VIP_NONE && (await app.site.vipTierProblem(tier))) {
        throw badRequest(ADMIN_MESSAGES.unknownVipTier);
      }
      // The stored reply keeps what happened, so a replay answers the same without redoing it.
      const { user } = await app.idempotency.run(
        request,
        reply,
        async (tx) => {
          const outcome = await updateUserByAdmin(tx, actor, request.params.id, request.body);
          const { balanceKopecks, vipChanged, demoted } = outcome;
          return {
            user: toAdminUser(outcome.user),
            effects: { balanceKopecks, vipChanged, demoted },
          };
        },
        // After commit: the player's open pages, the delivery worker, a demoted admin's sockets.
        ({ user: changed, effects: done }) => {
          if (done.balanceKopecks !== null) {
            app.realtime.toUser(changed.id, 'balanceUpdate', {
              balance: kopecksToRoubles(done.balanceKopecks),
            });
          }
          if (done.vipChanged) void app.delivery.worker.kick();
          if (done.demoted) app.realtime.disconnectUser(changed.id);
        },
      );
      return user;
    },
  );

  app.post(
    '/users/:id/logout-everywhere',
    {
      config: { permission: 'moderation' },
      schema: {
        tags,
        security,
        summary: 'End every session of a user and close their live connections',
        description: 'An owner’s sessions only by an owner (403 otherwise).',
        params: idParamSchema,
        response: { 200: okReplySchema, ...errorReplies(403, 404) },
      },
    },
    async (request) => {
      const actor = { ...actorOf(request), role: request.user!.role };
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(users)
          .where(eq(users.id, request.params.id))
          .for('update');
        if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
        assertMayEditUser(actor, row);
        const ended = await app.auth.logoutEverywhere(row.id, tx);
        await recordAudit(tx, actor, {
          action: 'user.logout_everywhere',
          targetType: 'user',
          targetId: row.id,
          targetName: row.username,
          after: { sessionsEnded: ended },
        });
      });
      // The player's open tabs sign out now, before their connections close.
      app.realtime.signOutUser(request.params.id);
      return { success: true as const };
    },
  );
};

export default usersAdminRoutes;
