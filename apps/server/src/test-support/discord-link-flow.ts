import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The browser's side of linking against the stand-in: a random state, the shop's authorize address,
 * Discord's page approved as `discordUserId`, the redirect's code and state, the callback page's
 * POST. Returns the finish answer (and the state, for tests that replay it).
 */
export async function linkThroughDiscord(
  shop: FastifyInstance,
  headers: { authorization: string },
  discordUserId: string,
  options: { finishHeaders?: { authorization: string } } = {},
) {
  const state = randomBytes(24).toString('base64url');
  const start = await shop.inject({
    method: 'POST',
    url: '/api/discord/link/start',
    headers,
    payload: { state },
  });
  if (start.statusCode !== 200) return { state, code: null, finish: start };
  const authorize = new URL(start.json<{ url: string }>().url);
  const approve = new URL(
    authorize.toString().replace('/oauth2/authorize?', '/oauth2/authorize/approve?'),
  );
  approve.searchParams.set('user', discordUserId);
  const redirect = await fetch(approve, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location') ?? '');
  const code = back.searchParams.get('code') ?? '';
  const finish = await shop.inject({
    method: 'POST',
    url: '/api/discord/link/finish',
    headers: options.finishHeaders ?? headers,
    payload: { state: back.searchParams.get('state'), code },
  });
  return { state, code, finish, redirectedTo: back };
}
