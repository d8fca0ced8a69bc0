import {
  idParamSchema,
  OWNER_ONLY,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  roleUpdateSchema,
  rolesReplySchema,
  userSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../plugins/errors';
import { actorOf } from '../audit/audit-log';
import { toAdminUser } from '../users/admin-users';
import { setRoleByStaff } from './set-role';

/** Staff roles: what each role may do, and the owner's assignment of roles. */
const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: users'];
  const security = [{ bearer: [] }];

  app.get(
    '/roles',
    {
      config: { permission: 'roles' },
      schema: {
        tags,
        security,
        summary: "Each staff role's permissions (the README's table)",
        response: { 200: rolesReplySchema },
      },
    },
    async () => ({
      roles: {
        owner: [...PERMISSIONS, OWNER_ONLY],
        admin: [...ROLE_PERMISSIONS.admin],
        moderator: [...ROLE_PERMISSIONS.moderator],
      },
    }),
  );

  app.put(
    '/users/:id/role',
    {
      config: { permission: 'roles' },
      schema: {
        tags,
        security,
        summary: "Set a user's role, and an admin's narrower set of permissions",
        description:
          'Only an owner makes or unmakes owners and admins and chooses `permissions` (an admin ' +
          'only; absent means every permission). With `roles` an admin moves players and ' +
          'moderators between those two roles. Nobody changes their own role or that of an owner ' +
          'named in ADMIN_STEAM_IDS. Journaled.',
        params: idParamSchema,
        body: roleUpdateSchema,
        response: { 200: userSchema, ...errorReplies(400, 403, 404) },
      },
    },
    async (request) => {
      const actor = { ...actorOf(request), id: request.user!.id, role: request.user!.role };
      const outcome = await app.db.transaction((tx) =>
        setRoleByStaff(tx, actor, request.params.id, request.body),
      );
      // Live connections were let in with the old set (the support chat): they reconnect.
      if (outcome.narrowed) app.realtime.disconnectUser(outcome.user.id);
      return toAdminUser(outcome.user);
    },
  );
};

export default rolesRoutes;
