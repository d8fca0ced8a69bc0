import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query and form fields whose values are secrets wherever they appear. */
// `state` and the return_to that carries it: half of what finishes a sign-in (decision 26).
const SECRET_FIELD = /token|code|key|sign|secret|password|assoc_handle|sig$|state$|return_to/i;
const CENSOR = '[redacted]';

/** A request line with every secret-looking query value replaced, so logs can be shared safely. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_FIELD.test(name)) params.set(name, CENSOR);
  }
  return `${url.slice(0, query)}?${params.toString()}`;
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

/**
 * Pino settings for the shop: JSON lines (readable by any log shipper, and cheap on the hot path),
 * pretty only for a person at a development terminal; never a secret in a line.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = !destination && config.nodeEnv !== 'production' && process.stdout.isTTY;
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
    ...(destination ? { stream: destination } : {}),
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
  };
}
