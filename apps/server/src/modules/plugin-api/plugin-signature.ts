import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signatures of plugin protocol v2 (plugins/oxide/PROTOCOL.md): requests and replies are
 * HMAC-SHA256 under the server's plugin key, which itself never travels.
 */

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmacHex = (key: string, text: string) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(text, 'utf8').digest('hex');

/** X-Key-Id: the first 16 hex digits of SHA-256 of the key, naming the server without revealing it. */
export const pluginKeyId = (key: string) => sha256Hex(key).slice(0, 16);

export interface SignedRequest {
  method: string;
  /** The route below the protocol's base, e.g. `/jobs/lease`. */
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
}

/** The text a request's X-Signature covers: method, path, time, nonce and the body's hash. */
export const canonicalRequest = (request: SignedRequest) =>
  [request.method, request.path, request.timestamp, request.nonce, sha256Hex(request.body)].join(
    '\n',
  );

export const requestSignature = (key: string, request: SignedRequest) =>
  hmacHex(key, canonicalRequest(request));

/** A reply's signature binds it to the request (its nonce) and to its status. */
export const replySignature = (key: string, nonce: string, status: number, body: string) =>
  hmacHex(key, `${nonce}\n${status}\n${body}`);

/** Two hex signatures compared in constant time (either case); anything not 64 hex digits differs. */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
