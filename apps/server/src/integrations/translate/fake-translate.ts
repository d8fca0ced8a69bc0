import type { FastifyInstance } from 'fastify';

/** LibreTranslate's `POST /translate` for a fixed dictionary; unknown words answer 400 as it does. */
export function registerFakeTranslate(
  app: FastifyInstance,
  prefix: string,
  dictionary: Readonly<Record<string, string>>,
) {
  app.post(`${prefix}/translate`, async (request, reply) => {
    const body = (request.body ?? {}) as { q?: unknown; source?: unknown; target?: unknown };
    const translated = typeof body.q === 'string' ? dictionary[body.q] : undefined;
    if (body.source !== 'en' || body.target !== 'ru' || !translated) {
      return reply.status(400).send({ error: 'Unable to translate' });
    }
    return { translatedText: translated };
  });
}
