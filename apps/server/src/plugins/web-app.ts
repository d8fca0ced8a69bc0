import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from './errors';
import { createSitePages } from './site-pages';

/** Hashed assets never change; the pages must always be fresh so a deploy reaches everyone. */
function cachePolicy(servedPath: string): string {
  // The precompressed copy (`index.html.br`) is cached like the file it stands for.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (filePath.endsWith('.html')) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * The build's prerendered pages (`prerendered/shop.html` for /shop, `index.html` for /), by path.
 * A demo shop sends the copies drawn with its banner (`prerendered/demo/`), so nothing moves when
 * the script learns it is a demo.
 */
function prerenderedPages(root: string, demo: boolean): Map<string, string> {
  const folder = demo ? 'prerendered/demo' : 'prerendered';
  const dir = path.join(root, folder);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name) pages.set(name === 'index' ? '/' : `/${name}`, `${folder}/${file}`);
  }
  return pages;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached, and every
 * other GET outside /api answered with a page so that client-side routes survive a reload: the
 * page prerendered for that path when the build made one (its signed-out view, painted before the
 * script runs), else the empty index.html.
 * The build writes `.br` and `.gz` beside each text file; the copy the browser's Accept-Encoding
 * prefers is sent as is (brotli first), so nothing is compressed per request.
 */
async function webAppPlugin(
  app: FastifyInstance,
  options: { root: string; demo: boolean; publicUrl: string },
) {
  const { root } = options;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  const pages = prerenderedPages(root, options.demo);
  const sitePages = createSitePages({ ...options, log: app.log });
  if (!built) app.log.warn({ root }, 'web app is not built: run `npm run build:web`');

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Pages go out only as the owner's (below), never as the build left them.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
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
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const prerendered = pages.get(pathname);
    const page = await sitePages.get(
      prerendered ?? 'index.html',
      prerendered ? pathname : null,
      await app.site.publicSite(),
    );
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['errors', 'site'] });
