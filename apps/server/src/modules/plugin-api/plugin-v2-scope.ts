import type { FastifyInstance } from 'fastify';
import { createPluginVerifier } from './plugin-auth';
import { replySignature } from './plugin-signature';
import pluginItemsRoutes from './plugin-items-routes';
import pluginJobsRoutes from './plugin-jobs-routes';
import pluginReportsRoutes from './plugin-reports-routes';
import pluginWaitRoutes from './plugin-wait-routes';

/** A reply's payload as the text that goes on the wire (the routes' replies are serialized JSON). */
const payloadText = (payload: unknown) =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';

/**
 * The shop's clock inside every signed body (PROTOCOL.md): a game server whose clock is off learns
 * the shop's time from a reply it can trust. Every reply body is a JSON object.
 */
function withServerTime(body: string, now: number): string {
  if (!body.startsWith('{')) return body;
  const serverTime = `"serverTime":${Math.floor(now / 1000)}`;
  return body === '{}' ? `{${serverTime}}` : `{${serverTime},${body.slice(1)}`;
}

/**
 * Plugin protocol v2 (plugins/oxide/PROTOCOL.md). Each request is signed with the server's plugin key
 * over its exact body, so the body is read as text and verified before it is parsed; a request that
 * fails a check gets a plain 401. Every reply to a verified request, errors included, is the
 * envelope `{ body, signature }`: the plugin runs nothing a forged reply says.
 */
export default async function pluginV2Scope(app: FastifyInstance) {
  const verify = createPluginVerifier(app, app.prefix);
  // Fastify's own JSON parsing (prototype-poisoning guard, 400 for broken or empty JSON), run on the
  // verified text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('pluginCaller', null);

  // Every body is JSON: other content types are refused with a 415 before anything else happens.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Both outcomes end in `done`: the promise has nothing left to be awaited for.
    void verify(request, text).then(
      (caller) => {
        request.pluginCaller = caller;
        void parseJson(request, text, done);
      },
      (error: Error) => done(error, undefined),
    );
  });
  // A request without a body never reached the parser: it is held to the signature of an empty one,
  // before the schema is checked, so an unsigned request is a 401 and a signed one's 400 is signed.
  app.addHook('preValidation', async (request) => {
    request.pluginCaller ??= await verify(request, '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.pluginCaller;
    if (!caller) return payload;
    const body = withServerTime(payloadText(payload), app.delivery.pluginClock());
    const signature = replySignature(caller.server.pluginKey, caller.nonce, reply.statusCode, body);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ body, signature });
  });

  await app.register(pluginItemsRoutes);
  await app.register(pluginWaitRoutes);
  await app.register(pluginJobsRoutes);
  await app.register(pluginReportsRoutes);
}
