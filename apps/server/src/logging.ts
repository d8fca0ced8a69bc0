import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query and form fields whose values are secrets wherever they appear. */
// `state` and the return_to that carries it: half of what finishes a sign-in (decision 26).
// `hash`: the Login Widget's signature on Telegram's redirect to /api/telegram/link/widget.
const SECRET_FIELD =
  /token|code|key|sign|secret|password|assoc_handle|sig$|state$|return_to|^hash$/i;
const CENSOR = '[redacted]';

/** A Bot API address carries the bot's token in its path (https://core.telegram.org/bots/api#making-requests). */
const BOT_TOKEN_IN_PATH = /\/bot\d+:[^/?]+/g;

/**
 * A request line with every secret-looking query value and a Bot API path's token replaced, so
 * logs can be shared safely.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).replace(
    BOT_TOKEN_IN_PATH,
    `/bot${CENSOR}`,
  );
  if (query === -1) return path;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_FIELD.test(name)) params.set(name, CENSOR);
  }
  return `${path}?${params.toString()}`;
}

/** The secret fields of bodies, headers and errors, at any of the first three levels. */
const SECRET_PATHS = [
  'token',
  'authorization',
  'cookie',
  'password',
  'rconPassword',
  'SIGN',
  'signature',
  'apiKey',
  'pluginKey',
  'secret1',
  'secret2',
  'x-server-key',
  'x-signature',
  'idempotency-key',
].flatMap((name) => {
  const plain = /^[A-Za-z_$][\w$]*$/.test(name);
  const key = (prefix: string) =>
    plain ? `${prefix}${prefix ? '.' : ''}${name}` : `${prefix}["${name}"]`;
  return [key(''), key('*'), key('*.*')];
});

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

/** Whether pino-pretty is installed (a devDependency: an install without it logs JSON). */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Pino settings for the shop: JSON lines by default (readable by any log shipper, and cheap on the
 * hot path); LOG_FORMAT=pretty (the default in the demo and in development) prints readable lines
 * with local times. Never a secret in a line.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'nodeEnv'> & Partial<Pick<Config, 'logFormat'>>,
  destination?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = !destination && config.logFormat === 'pretty' && prettyAvailable();
  return {
    level: config.logLevel,
    redact: { paths: SECRET_PATHS, censor: CENSOR },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        remoteAddress: request.ip,
      }),
    },
    // ISO times in JSON lines: a person reading the raw file sees a date, not epoch milliseconds.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    ...(destination ? { stream: destination } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname,req' },
          },
        }
      : {}),
  };
}

/** A request slower than this is logged at warn (long polls excepted: they wait on purpose). */
export const SLOW_REQUEST_MS = 2_000;

/**
 * Requests that hold the connection open by design: the plugin's job wait, Socket.IO polling, and
 * the demo's built-in Telegram answering getUpdates' 25-second long poll.
 */
const LONG_POLLS = [
  /^\/socket\.io\//,
  /^\/api\/plugin\/.*\/wait(\?|$)/,
  /^\/api\/demo\/telegram\/bot[^/]+\/getUpdates(\?|$)/,
];

/** Whether a request this slow is worth a warning: not when it waits on purpose. */
export const isSlowRequest = (url: string, ms: number) =>
  ms >= SLOW_REQUEST_MS && !LONG_POLLS.some((pattern) => pattern.test(url));

/**
 * One line per request, at debug: a day of long polls, health checks and page loads is not what an
 * owner reads. Server errors (5xx) and slow requests are the exception, at error and warn.
 * Fastify's own request lines are off (app.ts: disableRequestLogging).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const line = { req: request, statusCode: reply.statusCode, ms };
    const url = request.url;
    // The address in the message too: the pretty format leaves `req` out of its lines.
    const what = `${request.method} ${redactUrl(url)} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) return request.log.error(line, `request failed: ${what}`);
    if (isSlowRequest(url, ms)) {
      return request.log.warn(line, `slow request: ${what}`);
    }
    request.log.debug(line, what);
  });
}
