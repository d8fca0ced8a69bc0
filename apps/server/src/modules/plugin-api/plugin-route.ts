import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReplies, unauthorized } from '../../plugins/errors';
import { REFUSALS, type PluginCaller } from './plugin-auth';

/** What every route of plugin protocol v2 shares in its schema. */
export const pluginRoute = {
  tags: ['game-server plugin'],
  /** The signature headers of PROTOCOL.md; the scope checks them before the body is parsed. */
  headers: z.object({
    'x-key-id': z.string().describe('First 16 hex digits of SHA-256 of the server key'),
    'x-timestamp': z.string().describe('Unix time in seconds, within 300 s of the shop'),
    'x-nonce': z.string().describe('32 hex digits, new for every request'),
    'x-signature': z.string().describe('HMAC-SHA256 of the canonical request, hex'),
    'x-plugin-version': z.string().optional(),
  }),
  description:
    'Signed request (plugins/oxide/PROTOCOL.md). A verified request is answered with the envelope { body, signature }, whose body is the reply described here as JSON text.',
};

/** Errors of a verified request: a body against the schema (400), inside the envelope. */
export const pluginErrorReplies = errorReplies(400, 401);

/** The verified caller inside a route (the scope's checks run before any handler). */
export function callerOf(request: FastifyRequest): PluginCaller {
  if (!request.pluginCaller) throw unauthorized(REFUSALS.unsigned);
  return request.pluginCaller;
}
