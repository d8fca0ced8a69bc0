import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { pluginEnvelopeSchema } from '@shop/shared';
import type { z } from 'zod';
import {
  pluginKeyId,
  replySignature,
  requestSignature,
  sameSignature,
} from '../plugin-api/plugin-signature';

/**
 * The demo plugin's side of protocol v2 (plugins/oxide/PROTOCOL.md): every request signed with the
 * server key, every reply's envelope checked before its body is read, as RustShopStore.cs does, with
 * the plugin API's own signature functions (its tests and the plugin's hold them to the protocol).
 * It talks to the shop over loopback HTTP, so the shop's plugin API is exercised as in a game.
 */

export const DEMO_PLUGIN_VERSION = '2.0.0-demo';

export class PluginLinkError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the shop could not be reached. */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface PluginLink {
  /** POSTs `body` to `path` below the v2 base and returns the verified reply, parsed by `schema`. */
  post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.infer<S>>;
}

/** `key` is read before every request: an admin who regenerates it sees the demo plugin follow. */
export function createPluginLink(baseUrl: string, key: () => Promise<string>): PluginLink {
  return {
    async post(path, body, schema, signal) {
      const serverKey = await key();
      const text = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      let response: { status: number; text: string };
      try {
        response = await postOnce(
          `${baseUrl}${path}`,
          {
            'content-type': 'application/json',
            'x-key-id': pluginKeyId(serverKey),
            'x-timestamp': timestamp,
            'x-nonce': nonce,
            'x-signature': requestSignature(serverKey, {
              method: 'POST',
              path,
              timestamp,
              nonce,
              body: text,
            }),
            'x-plugin-version': DEMO_PLUGIN_VERSION,
          },
          text,
          signal,
        );
      } catch (error) {
        throw new PluginLinkError(`shop unreachable: ${(error as Error).message}`, 0);
      }
      const replyText = response.text;
      const envelope = pluginEnvelopeSchema.safeParse(safeJson(replyText));
      // A reply the shop did not sign for this request is ignored, as the plugin ignores it.
      if (!envelope.success) throw new PluginLinkError('unsigned reply', response.status);
      const expected = replySignature(serverKey, nonce, response.status, envelope.data.body);
      if (!sameSignature(expected, envelope.data.signature)) {
        throw new PluginLinkError('forged reply', response.status);
      }
      if (response.status !== 200) {
        throw new PluginLinkError(envelope.data.body.slice(0, 200), response.status);
      }
      return schema.parse(JSON.parse(envelope.data.body));
    },
  };
}

/**
 * One POST on a connection of its own, closed after the reply: no idle keep-alive connection is left
 * behind to hold up the shop's shutdown, and a stopped plugin hangs up its long poll at once.
 */
function postOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers, agent: false, signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
