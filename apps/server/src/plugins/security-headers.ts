import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { DEFERRED_START_SCRIPT } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API replies that are not pages get a fixed set of headers in one call: a JSON body is never rendered
 * as a document, so `default-src 'none'` is the whole policy it needs. Pages and files (the web app,
 * the demo pages) get helmet's full policy. Running helmet's fifteen header steps on every API reply
 * cost about a quarter of the catalogue's throughput.
 */
const ASSET_HEADERS_DROPPED = [
  'etag',
  'last-modified',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** The prerendered pages' one inline script, allowed by its hash and nothing else inline. */
const deferredStartSource = `'sha256-${createHash('sha256').update(DEFERRED_START_SCRIPT).digest('base64')}'`;

/**
 * The shop's own socket address (ws://host or wss://host of PUBLIC_URL) for connect-src. Chromium
 * (since 70) and Firefox let `'self'` cover a WebSocket to the page's own host; older Safari does
 * not, so the address is named as well. Never the bare `ws:`/`wss:` schemes: they would let a script
 * injected into a page send whatever it reads to a socket on any host.
 */
export function socketOrigin(publicUrl: string): string {
  const { protocol, host } = new URL(publicUrl);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/** Telegram's Login Widget: its script, and the frame it draws the button in. */
export const TELEGRAM_WIDGET_SCRIPT_ORIGIN = 'https://telegram.org';
export const TELEGRAM_WIDGET_FRAME_ORIGIN = 'https://oauth.telegram.org';

/**
 * `publicUrl`: the address players use (PUBLIC_URL); https there turns on HSTS. `telegramWidget`: a
 * real bot is set up, so the profile may load Telegram's Login Widget; only then are Telegram's two
 * origins allowed, and a shop without Telegram keeps the policy that names no other site.
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  options: { publicUrl: string; telegramWidget?: boolean },
) {
  const telegram = options.telegramWidget === true;
  const https = new URL(options.publicUrl).protocol === 'https:';
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // Hashed scripts and stylesheets are never documents either: the page's policy already governs
  // them, and repeating ~0.5 KB of document headers on each file would weigh on every page load.
  const assetHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
  };
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          deferredStartSource,
          ...(telegram ? [TELEGRAM_WIDGET_SCRIPT_ORIGIN] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin(options.publicUrl)],
        // The panel's «Оформление» previews the home page in frames of its own: pages may be
        // framed by the shop itself, never by another site (clickjacking). API replies stay 'none'.
        frameAncestors: ["'self'"],
        // Without a widget, frames fall back to default-src 'self' as before.
        ...(telegram ? { frameSrc: ["'self'", TELEGRAM_WIDGET_FRAME_ORIGIN] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https,
    // The header older browsers read instead of frame-ancestors, saying the same.
    xFrameOptions: { action: 'sameorigin' },
  });

  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/api/') && !type.startsWith('text/html')) reply.headers(apiHeaders);
    else if (request.url.startsWith('/assets/') && !type.startsWith('text/html')) {
      reply.headers(assetHeaders);
      // A hashed file never changes, so nothing revalidates it; the limit still applies unannounced.
      for (const header of ASSET_HEADERS_DROPPED) reply.removeHeader(header);
    } else reply.helmet();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
