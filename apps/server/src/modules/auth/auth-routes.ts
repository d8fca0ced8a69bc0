import {
  apiErrorSchema,
  errorMessages,
  okReplySchema,
  SIGN_IN_FRAGMENT,
  signInExchangeSchema,
  tokenReplySchema,
  userSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { OpenIdError } from '../../integrations/steam/openid';
import { forbidden, unauthorized } from '../../plugins/errors';
import { createUsersRepository } from '../users/users-repository';

const signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/auth/steam',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Start Steam sign-in (redirects to the OpenID provider)',
        description:
          '`state`: 32 random bytes (base64url) that the browser keeps; the code Steam’s return ' +
          'hands back is redeemed only with it. Without a well-formed one: back to /login.',
        querystring: z.object({ state: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const url = app.auth.loginUrl(request.query.state);
      return reply.redirect(url ?? `${config.publicUrl}/login?error=steam`, 302);
    },
  );

  app.get(
    '/auth/steam/return',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary:
          'OpenID return: verify the assertion and hand the web app a one-time sign-in code in the address fragment',
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      try {
        const code = await app.auth.completeSteamLogin(request.query);
        // In the fragment: browsers never send it to a server, nor in a Referer; and it is single-use.
        return reply.redirect(`${config.publicUrl}/#${SIGN_IN_FRAGMENT}=${code}`, 302);
      } catch (error) {
        if (!(error instanceof OpenIdError)) throw error;
        request.log.warn({ reason: error.reason }, 'Steam sign-in refused');
        return reply.redirect(`${config.publicUrl}/login?error=steam`, 302);
      }
    },
  );

  app.post(
    '/auth/exchange',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time sign-in code from the Steam return for a session token',
        description:
          'Only with the `state` of the browser that started the sign-in: a code from a sign-in ' +
          'started elsewhere answers 403 and is spent.',
        body: signInExchangeSchema,
        response: {
          200: tokenReplySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { code, state } = request.body;
      const session = await app.auth.redeemSignInCode(code, state, request.ip ?? null);
      if (session === 'expired') throw unauthorized(errorMessages.signInExpired);
      if (session === 'other_browser') {
        request.log.warn('sign-in code shown by another browser than the one that started it');
        throw forbidden(errorMessages.signInOtherBrowser);
      }
      return { token: session.token, expiresAt: session.expiresAt.toISOString() };
    },
  );

  app.get(
    '/auth/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => createUsersRepository(app.db).profile(request.user!),
  );

  app.post(
    '/auth/refresh',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the session token (the old one stops working)',
        response: { 200: tokenReplySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const session = await app.auth.refresh(request.sessionToken!);
      if (!session) throw unauthorized();
      return { token: session.token, expiresAt: session.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        response: { 200: okReplySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await app.auth.logout(request.sessionToken!);
      // This device's sockets only: the user's other sessions stay signed in, and live.
      app.realtime.disconnectSession(request.sessionToken!);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/logout-everywhere',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke every session of the signed-in user and close their live connections',
        response: { 200: okReplySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await app.auth.logoutEverywhere(request.user!.id);
      // Every open tab signs out now, before its connection closes: no balance stays on screen.
      app.realtime.signOutUser(request.user!.id);
      return { success: true as const };
    },
  );
};

export default authRoutes;
