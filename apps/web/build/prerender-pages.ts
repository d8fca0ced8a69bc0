import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
// A relative path: the build configuration is loaded by Node, which cannot import the package's
// TypeScript entry, while a relative file is bundled with the configuration.
import { DEFERRED_START_SCRIPT } from '../../../packages/shared/src/deferred-start.ts';
import { toPublicSite } from '../../../packages/shared/src/site/public-site.ts';
import { DEFAULT_SITE_CONTENT } from '../../../packages/shared/src/site/site-content.ts';
import type { PublicSite } from '../../../packages/shared/src/site/site-public-schema.ts';

/** Where the server looks for a page's prerendered HTML: `prerendered/<name>.html`. */
export const PRERENDERED_DIR = 'prerendered';
/**
 * The render entry, kept for the server to draw the same pages with the owner's settings. A dot
 * folder, which the server's static files never serve.
 */
export const SSR_ENTRY = '.ssr/prerender.mjs';

/** The settings a fresh shop has: the build draws its pages with them. */
function defaultSite(demo: boolean): PublicSite {
  const images = { logo: null, favicon: null, background: null };
  return toPublicSite(
    { version: 0, content: DEFAULT_SITE_CONTENT, images },
    { demo, wipeWarnHours: 24, supportEmail: null },
  );
}

interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  renderPage(path: string, demo: boolean, site: PublicSite): Promise<string>;
}
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** `/` is `index`, `/shop` is `shop`: the name the server maps a request path to. */
export function prerenderedName(pagePath: string): string {
  return pagePath === '/' ? 'index' : pagePath.slice(1);
}

/** The files a page module needs, in load order: its own chunk and what it imports statically. */
function moduleFiles(manifest: Record<string, ManifestChunk>, key: string, into: string[] = []) {
  const chunk = manifest[key];
  if (!chunk || into.includes(chunk.file)) return into;
  into.push(chunk.file);
  for (const imported of chunk.imports ?? []) moduleFiles(manifest, imported, into);
  return into;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html with the page drawn into #root. Its scripts are not tags the browser fetches while it
 * paints: `<meta name="app-scripts">` lists them (the entry, then every module it and the page
 * import) and DEFERRED_START_SCRIPT requests them once the page is on screen.
 */
async function pageHtml(
  template: string,
  manifest: Record<string, ManifestChunk>,
  name: string,
  entry: PrerenderEntry,
  pagePath: string,
  demo: boolean,
): Promise<string> {
  const entryFile = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entryFile) throw new Error('index.html has no module script to start the page with');
  const scripts = [
    entryFile,
    ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? ''),
    ...moduleFiles(manifest, `src/app/routes/${name}.tsx`).map((file) => `/${file}`),
  ].filter((file, index, all) => file !== '' && all.indexOf(file) === index);
  const body = await entry.renderPage(pagePath, demo, defaultSite(demo));
  if (body.includes('<script')) {
    throw new Error(`${pagePath} prerendered with an inline script, which the CSP blocks`);
  }
  const html = template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<html lang="ru">', demo ? '<html lang="ru" data-demo="true">' : '<html lang="ru">')
    .replace('</head>', `<meta name="app-scripts" content="${scripts.join(' ')}"></head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
    .replace('</body>', `<script>${DEFERRED_START_SCRIPT}</script></body>`);
  if (!html.includes(body)) throw new Error(`index.html has no empty #root for ${pagePath}`);
  return html;
}

/**
 * After the browser build: renders the signed-out view of each public page (src/prerender.tsx) into
 * a copy of index.html whose scripts start after the first paint, so a phone paints the page before
 * any script has downloaded or run. The script then takes over the same page in place.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let alias: Record<string, string> = {};
  return {
    name: 'shop:prerender-pages',
    apply: (config) => !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      alias = Object.fromEntries(
        config.resolve.alias.flatMap(({ find, replacement }) =>
          typeof find === 'string' ? [[find, replacement]] : [],
        ),
      );
    },
    async writeBundle() {
      const ssrOut = path.join(outDir, path.dirname(SSR_ENTRY));
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        resolve: { alias },
        plugins: [react()],
        // The browser build already copied public/ where it is served.
        publicDir: false,
        // Everything bundled: the entry runs from the build's folder, with no node_modules.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: ssrOut,
          emptyOutDir: true,
          // Run once here and thrown away: nothing to minify. (Its CSS, Tailwind's source, is not
          // read by this build's plugins, so minifying it only printed warnings.)
          minify: false,
          cssMinify: false,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const entry = (await import(
        pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href
      )) as PrerenderEntry;
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(
        await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      for (const demo of [false, true]) {
        const dir = path.join(outDir, PRERENDERED_DIR, demo ? 'demo' : '');
        await mkdir(dir, { recursive: true });
        for (const pagePath of entry.PRERENDERED_PATHS) {
          const name = prerenderedName(pagePath);
          const html = await pageHtml(template, manifest, name, entry, pagePath, demo);
          await writeFile(path.join(dir, `${name}.html`), html);
        }
      }
    },
  };
}
