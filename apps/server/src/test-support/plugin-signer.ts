import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The game-server plugin's side of protocol v2 (plugins/oxide/PROTOCOL.md), written from the
 * protocol's text as RustShopStore.cs does it and apart from the shop's own code, so a test holds
 * the shop to the protocol rather than to itself: it signs requests and checks reply envelopes.
 */

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmacHex = (key: string, text: string) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(text, 'utf8').digest('hex');

export const PLUGIN_BASE = '/api/plugin/v2';

/** Changes to one request, to make it wrong in exactly one way. */
export interface SendOptions {
  /** Unix seconds instead of now. */
  timestamp?: number;
  nonce?: string;
  keyId?: string;
  /** Sent instead of the right signature. */
  signature?: string;
  /** Sent as the body instead of JSON.stringify(body), and signed as sent. */
  rawBody?: string;
  /** Headers left out. */
  omit?: string[];
  version?: string;
}

export interface PluginReply<T> {
  status: number;
  /** The envelope's body, parsed, when its signature verified, without its `serverTime`; undefined otherwise. */
  body: T | undefined;
  /** The shop's clock that every signed body carries (Unix seconds); undefined when unsigned. */
  serverTime: number | undefined;
  /** Whether the reply was the shop's envelope with a valid signature for this request. */
  signed: boolean;
  /** The reply as it came, for unsigned refusals ({ error, message }) and for tampering with. */
  text: string;
  nonce: string;
  /** The headers the request carried. */
  headers: Record<string, string>;
}

/** The envelope's body when its signature is the shop's for this request's nonce and status; else null. */
export function openEnvelope(
  key: string,
  nonce: string,
  status: number,
  text: string,
): string | null {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof envelope !== 'object' || envelope === null) return null;
  const { body, signature } = envelope as { body?: unknown; signature?: unknown };
  if (typeof body !== 'string' || typeof signature !== 'string') return null;
  return hmacHex(key, `${nonce}\n${status}\n${body}`) === signature ? body : null;
}

export interface PluginSigner {
  key: string;
  keyId: string;
  /** The headers the plugin sends with `body` (the exact text) to `path`, e.g. `/jobs/lease`. */
  headers(path: string, body: string, options?: SendOptions): Record<string, string>;
  /** POSTs `body` to `path` below the v2 base, signed, and checks the reply's envelope. */
  send<T = unknown>(path: string, body: unknown, options?: SendOptions): Promise<PluginReply<T>>;
}

export function createPluginSigner(app: FastifyInstance, key: string): PluginSigner {
  const keyId = sha256Hex(key).slice(0, 16);

  function headers(path: string, body: string, options: SendOptions = {}) {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = options.nonce ?? randomBytes(16).toString('hex');
    const canonical = ['POST', path, timestamp, nonce, sha256Hex(body)].join('\n');
    const all: Record<string, string> = {
      'content-type': 'application/json',
      'x-key-id': options.keyId ?? keyId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': options.signature ?? hmacHex(key, canonical),
      'x-plugin-version': options.version ?? '2.0.0',
    };
    for (const name of options.omit ?? []) delete all[name];
    return all;
  }

  async function send<T>(path: string, body: unknown, options: SendOptions = {}) {
    const payload = options.rawBody ?? JSON.stringify(body);
    const sent = headers(path, payload, options);
    const reply = await app.inject({
      method: 'POST',
      url: `${PLUGIN_BASE}${path}`,
      headers: sent,
      payload,
    });
    const nonce = sent['x-nonce'] ?? '';
    const opened = openEnvelope(key, nonce, reply.statusCode, reply.body);
    const { serverTime, ...rest } =
      opened === null ? {} : (JSON.parse(opened) as { serverTime?: number });
    return {
      status: reply.statusCode,
      serverTime,
      body: opened === null ? undefined : (rest as T),
      signed: opened !== null,
      text: reply.body,
      nonce,
      headers: sent,
    };
  }

  return { key, keyId, headers, send };
}

/** A server's plugin key, as the admin panel shows it. */
export async function pluginKeyOf(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  serverId: number,
): Promise<string> {
  const servers = (await app.inject({ url: '/api/admin/servers', headers: adminHeaders })).json<
    Array<{ id: number; pluginKey: string }>
  >();
  const server = servers.find((candidate) => candidate.id === serverId);
  if (!server) throw new Error(`no server ${serverId}`);
  return server.pluginKey;
}
