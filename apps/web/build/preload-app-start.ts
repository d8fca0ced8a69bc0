import type { Plugin } from 'vite';

/** The module src/main.tsx imports once React is up: the app's own code. */
const APP_START = /[\\/]src[\\/]app[\\/]start\.tsx$/;

/**
 * src/main.tsx imports the app's code dynamically, so that it evaluates in a task of its own. Vite
 * would fetch it only then, one round trip after the entry; a modulepreload in index.html fetches it
 * alongside the entry instead (and build/prerender-pages.ts passes the same list to prerendered
 * pages).
 */
export function preloadAppStart(): Plugin {
  return {
    name: 'shop:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const start = chunks.find((chunk) => chunk.moduleIds.some((id) => APP_START.test(id)));
        if (!start) throw new Error('src/app/start.tsx is missing from the build');
        const links = [start.fileName, ...start.imports]
          .map((file) => `/${file}`)
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
        return html.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}
