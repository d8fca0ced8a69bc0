import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { themeVariables, type PublicSite } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The build's render entry (apps/web/build/prerender-pages.ts `SSR_ENTRY`). */
const SSR_ENTRY = '.ssr/prerender.mjs';
/** Where the page data goes (apps/web/src/features/site/api/get-site-settings.ts). */
const SITE_DATA_ELEMENT_ID = 'site-settings';

interface RenderEntry {
  renderPage(path: string, demo: boolean, site: PublicSite): Promise<string>;
}

export interface ServedPage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON a `<script type="application/json">` can hold: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The owner's name, description, icon, colours and settings in the page's head. */
export function siteHead(site: PublicSite, publicUrl: string): string {
  const absolute = (url: string) => new URL(url, publicUrl).toString();
  const theme = Object.entries(themeVariables(site.colors))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const image = site.images.logo ?? site.images.background.desktop;
  const iconType = site.images.favicon.endsWith('.svg') ? 'image/svg+xml' : 'image/webp';
  return [
    `<link rel="icon" type="${iconType}" href="${escapeHtml(site.images.favicon)}">`,
    site.images.favicon.endsWith('.svg')
      ? ''
      : `<link rel="apple-touch-icon" href="${escapeHtml(site.images.favicon.replace(/-64\.webp$/, '-192.webp'))}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="ru_RU">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:title" content="${escapeHtml(site.name)}">`,
    `<meta property="og:description" content="${escapeHtml(site.description)}">`,
    `<meta property="og:image" content="${escapeHtml(absolute(image))}">`,
    `<style id="site-theme">:root{${theme}}</style>`,
    `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${scriptJson(site)}</script>`,
  ]
    .filter(Boolean)
    .join('');
}

/** The built page with the owner's head, and `body` in #root when the page was drawn anew. */
export function personalizePage(
  template: string,
  site: PublicSite,
  publicUrl: string,
  body?: string,
): string {
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.name)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(site.description)}">`,
    )
    .replace(/<link rel="icon"[^>]*>/, '')
    .replace('</head>', `${siteHead(site, publicUrl)}</head>`);
  if (body !== undefined) {
    const open = '<div id="root">';
    const start = html.indexOf(open);
    const end = html.lastIndexOf('</div>', html.indexOf('<noscript>'));
    if (start >= 0 && end > start) {
      html = html.slice(0, start + open.length) + body + html.slice(end);
    }
  }
  return html;
}

/**
 * The pages of the built web app as this shop's owner set them, made once per version of the
 * settings and kept compressed: the first paint is already the owner's shop, with no request and
 * no flash of ours. The pages the build prerendered are drawn anew with the owner's settings by the
 * build's own render entry; a build without one keeps its drawn body, with the owner's head.
 */
export function createSitePages(options: {
  root: string;
  demo: boolean;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const cache = new Map<string, Promise<ServedPage>>();
  let cachedVersion = -1;
  let entry: Promise<RenderEntry | null> | null = null;

  function renderer(): Promise<RenderEntry | null> {
    const file = path.join(options.root, SSR_ENTRY);
    entry ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<RenderEntry>).catch((error: unknown) => {
          options.log.error({ err: error }, 'the web app render entry does not load');
          return null;
        })
      : Promise.resolve(null);
    return entry;
  }

  async function make(file: string, pagePath: string | null, site: PublicSite) {
    const template = await readFile(path.join(options.root, file), 'utf8');
    let body: string | undefined;
    const render = pagePath === null ? null : await renderer();
    if (render && pagePath !== null) {
      try {
        body = await render.renderPage(pagePath, options.demo, site);
      } catch (error) {
        options.log.error({ err: error, pagePath }, 'page render failed; serving the built page');
      }
    }
    const identity = Buffer.from(personalizePage(template, site, options.publicUrl, body));
    const [br, gzip] = await Promise.all([
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipped(identity, { level: 9 }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { etag, identity, br, gzip };
  }

  return {
    /** `file` under the build's folder; `pagePath` when the build prerendered it, else null. */
    get(file: string, pagePath: string | null, site: PublicSite): Promise<ServedPage> {
      if (site.version !== cachedVersion) {
        cache.clear();
        cachedVersion = site.version;
      }
      const key = `${file}|${pagePath ?? ''}`;
      let page = cache.get(key);
      if (!page) {
        page = make(file, pagePath, site);
        // A failure is not kept: the next request tries again.
        page.catch(() => cache.delete(key));
        cache.set(key, page);
      }
      return page;
    },
  };
}
