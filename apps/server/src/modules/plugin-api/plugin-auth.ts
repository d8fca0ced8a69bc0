import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../../plugins/errors';
import { createServersRepository, type ServerRow } from '../servers/servers-repository';
import { createPluginNoncesRepository } from './plugin-nonces-repository';
import { requestSignature, sameSignature } from './plugin-signature';

/** A request that passed every check: the server it came from and its nonce, for the reply's signature. */
export interface PluginCaller {
  server: ServerRow;
  nonce: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The game server a plugin request came from, once its signature checks passed. */
    pluginCaller: PluginCaller | null;
  }
}

/** How far X-Timestamp may be from the shop's clock. */
const CLOCK_SKEW_SECONDS = 300;
/** How long a nonce is remembered: longer than any timestamp that still passes the check. */
const NONCE_KEEP_SECONDS = 600;
/** The server's plugin version and last request are written at most this often (unless the version changes). */
const SEEN_WRITE_SECONDS = 10;

const HEADERS = {
  keyId: /^[0-9a-f]{16}$/,
  timestamp: /^\d{1,12}$/,
  nonce: /^[0-9a-fA-F]{32}$/,
  signature: /^[0-9a-fA-F]{64}$/,
};
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;

/**
 * Why a request was refused, in English for the game server's console, where the plugin prints it.
 * Each names the check that failed and nothing secret.
 */
export const REFUSALS = {
  unsigned:
    'The request is not signed: X-Key-Id (16 hex digits), X-Timestamp (Unix seconds), X-Nonce (32 hex digits) and X-Signature (64 hex digits) are required',
  clock:
    "X-Timestamp is more than 300 s away from the shop's clock (serverTime in this reply is the shop's): set the game server's clock right",
  unknownKey:
    "X-Key-Id names no server of this shop: copy the server's plugin key from the shop's admin panel into the plugin's config",
  signature:
    "Wrong X-Signature: the plugin's server key is not this server's key in the shop, or the request was changed on the way",
  replay: 'This X-Nonce was used already: a replayed request is refused',
} as const;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Checks a request's signature headers against its exact body, as PROTOCOL.md states them: the key
 * id names a server, the HMAC matches (compared in constant time), the time is within 300 s, and the
 * nonce is new for that server. Nothing is written before the signature is proven, so a forged
 * request changes nothing. Logs say which check failed, never a key or a signature.
 */
export function createPluginVerifier(app: FastifyInstance, prefix: string) {
  const servers = createServersRepository(app.db);
  const nonces = createPluginNoncesRepository(app.db);

  const refuse = (request: FastifyRequest, check: keyof typeof REFUSALS, serverId?: number) => {
    request.log.warn({ check, serverId }, 'plugin request refused');
    return unauthorized(REFUSALS[check]);
  };

  return async function verify(request: FastifyRequest, body: string): Promise<PluginCaller> {
    const keyId = header(request, 'x-key-id');
    const timestamp = header(request, 'x-timestamp');
    const nonce = header(request, 'x-nonce');
    const signature = header(request, 'x-signature');
    if (
      !keyId ||
      !timestamp ||
      !nonce ||
      !signature ||
      !HEADERS.keyId.test(keyId) ||
      !HEADERS.timestamp.test(timestamp) ||
      !HEADERS.nonce.test(nonce) ||
      !HEADERS.signature.test(signature)
    ) {
      throw refuse(request, 'unsigned');
    }
    const candidates = await servers.findByPluginKeyId(keyId);
    if (candidates.length === 0) throw refuse(request, 'unknownKey');
    const signed = {
      method: request.method,
      path: request.routeOptions.url?.slice(prefix.length) ?? '',
      timestamp,
      nonce,
      body,
    };
    // Two keys may share a 64-bit id, however unlikely: the signature decides which server it is.
    const server = candidates.find((candidate) =>
      sameSignature(requestSignature(candidate.pluginKey, signed), signature),
    );
    if (!server) throw refuse(request, 'signature', candidates[0]?.id);
    if (Math.abs(app.delivery.pluginClock() / 1000 - Number(timestamp)) > CLOCK_SKEW_SECONDS) {
      // Signed by the server's own key: the refusal is signed too, and carries the shop's time
      // (every signed body does), so the plugin can time its next requests by the shop's clock.
      request.pluginCaller = { server, nonce };
      request.log.warn({ check: 'clock', serverId: server.id }, 'plugin request refused');
      throw new HttpError(401, 'clock_skew', REFUSALS.clock);
    }
    if (!(await nonces.take(server.id, nonce, NONCE_KEEP_SECONDS))) {
      throw refuse(request, 'replay', server.id);
    }
    await recordSeen(server, header(request, 'x-plugin-version'));
    return { server, nonce };
  };

  /** The admin sees the plugin's version and when it last spoke; a write every request would be waste. */
  async function recordSeen(server: ServerRow, versionHeader: string | undefined) {
    const version = versionHeader && VERSION.test(versionHeader) ? versionHeader : null;
    const changed = version !== null && version !== server.pluginVersion;
    const age = server.pluginSeenAt ? Date.now() - server.pluginSeenAt.getTime() : Infinity;
    if (changed || age >= SEEN_WRITE_SECONDS * 1000)
      await servers.recordPluginSeen(server.id, version);
  }
}
