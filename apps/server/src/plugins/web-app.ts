import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './errors';

/** Hashed assets never change; index.html must always be fresh so a deploy reaches everyone. */
function cachePolicy(servedPath: string): string {
  // The precompressed copy (`index.html.br`) is cached like the file it stands for.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (filePath.endsWith('index.html')) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and every
 * other GET outside /api answered with index.html so that client-side routes survive a reload.
 * The build writes `.br` and `.gz` beside each text file; the copy the browser's Accept-Encoding
 * prefers is sent as is (brotli first), so nothing is compressed per request.
 */
async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
  const { root } = options;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn({ root }, 'web app is not built: run `npm run build:web`');

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cachePolicy(filePath));
      },
    });
    // The specification names this path for the page background.
    app.get('/api/hazmat.webp', { schema: { hide: true } }, (_request, reply) =>
      reply.sendFile('hazmat.webp'),
    );
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || !built) throw notFound();
    return reply.sendFile('index.html');
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['errors'] });
