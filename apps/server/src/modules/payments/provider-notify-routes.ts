import { apiErrorSchema } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProviderId } from '../../integrations/payments/payment-provider';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as it arrived: Crypto Pay signs these bytes. */
    notifyRawBody?: string;
  }
}

const ROUTES: ReadonlyArray<{ provider: ProviderId; summary: string }> = [
  {
    provider: 'yookassa',
    summary:
      "YooKassa's HTTP notification (payment.succeeded, payment.canceled, refund.succeeded) from its published addresses; the payment is re-read from its API before any credit",
  },
  {
    provider: 'cryptopay',
    summary:
      "Crypto Pay's webhook (invoice_paid), signed with crypto-pay-api-signature; the invoice is re-read with getInvoices before any credit",
  },
];

/**
 * The JSON notifications of YooKassa and Crypto Pay. Their scope keeps each body's raw text (a
 * signature covers the exact bytes) and then parses it with Fastify's own JSON parser. Providers
 * repeat a notification until they get a 200, so they are not rate limited.
 */
const providerNotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.notifyRawBody = text;
      void parseJson(request, text, done);
    },
  );

  for (const { provider, summary } of ROUTES) {
    app.post(
      `/payments/${provider}/notify`,
      {
        config: { rateLimit: false },
        schema: {
          tags: ['money'],
          summary,
          body: z.record(z.string(), z.unknown()),
          response: {
            200: z.unknown(),
            400: apiErrorSchema,
            409: apiErrorSchema,
            502: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        await handle(app, provider, request.body, request);
        const { contentType, body } = app.paymentProviders.get(provider)!.notificationReply;
        return reply.type(contentType).send(body);
      },
    );
  }
};

function handle(
  app: FastifyInstance,
  provider: ProviderId,
  body: unknown,
  request: {
    notifyRawBody?: string;
    headers: Record<string, string | string[] | undefined>;
    ip: string;
  },
) {
  return app.payments.handleNotification(provider, {
    rawBody: request.notifyRawBody ?? '',
    body,
    headers: request.headers,
    sourceIp: request.ip,
  });
}

export default providerNotifyRoutes;
