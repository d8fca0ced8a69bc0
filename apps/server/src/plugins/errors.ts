import { apiErrorSchema, errorMessages, type ErrorCode } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-errors';

/** An error a route throws on purpose: its message is Russian and shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | 'price_changed',
    message: string,
    /** More fields of the reply beside `error` and `message` (a changed price's `total`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Route schemas' error replies: each listed status answers the one `{ error, message }` shape. */
export function errorReplies<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
export const unauthorized = (message: string = errorMessages.unauthorized) =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string = errorMessages.forbidden) =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string = errorMessages.notFound) =>
  new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

function send(
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
  details?: Record<string, unknown>,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ ...details, error, message });
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  415: 'bad_request',
  429: 'rate_limited',
};

const messageByStatus: Partial<Record<number, string>> = {
  400: errorMessages.badRequest,
  413: errorMessages.payloadTooLarge,
  415: errorMessages.badRequest,
  429: errorMessages.rateLimited,
};

/**
 * One error shape for every reply: `{ error, message }`. Whatever a request contains, it gets a 4xx
 * with a Russian message; only our own faults are 500, and those never carry a stack or internals.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return send(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Schemas carry the specification's Russian messages; zod's own are Russian too (see zod-locale).
      return send(
        reply,
        400,
        'bad_request',
        error.validation[0]?.message ?? errorMessages.badRequest,
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply does not match its schema');
      return send(reply, 500, 'internal', errorMessages.internal);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? 'bad_request';
      return send(reply, status, code, messageByStatus[status] ?? errorMessages.badRequest);
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the shop answers again once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 503, 'database_unavailable', errorMessages.databaseUnavailable);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal', errorMessages.internal);
  });

  app.setNotFoundHandler((_request, reply) =>
    send(reply, 404, 'not_found', errorMessages.notFound),
  );
}

export default fp(errorsPlugin, { name: 'errors' });
