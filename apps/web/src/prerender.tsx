import type { PublicSite } from '@shop/shared';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/providers';
import { PrerenderedAsDemoProvider } from '@/app/layout/demo-banner';
import { cleanSite } from '@/features/site/api/get-site-settings';
import { queryKeys } from '@/lib/query-keys';

/**
 * The page a signed-out visitor sees first, rendered to HTML so the header, the heading and the
 * skeletons paint before the script has run: by the build (build/prerender-pages.ts) with the
 * default settings, and by the server with the owner's whenever they change. The settings are the
 * one query answered here; the others stay pending, so data regions come out as their skeletons.
 */
export const PRERENDERED_PATHS = ['/', '/shop', '/servers', '/promocodes'] as const;

/** `demo`: the copy a demo shop sends, with its banner drawn. */
export async function renderPage(path: string, demo: boolean, site: PublicSite): Promise<string> {
  // `prerender` (unlike renderToString) waits for the lazy page module instead of its fallback.
  const queryClient = createQueryClient();
  // As the browser will read them from the page, so its first render matches this HTML.
  queryClient.setQueryData(queryKeys.site, cleanSite(site));
  const { prelude } = await prerender(
    <PrerenderedAsDemoProvider value={demo}>
      <Router ssrPath={path} ssrSearch="">
        <App queryClient={queryClient} />
      </Router>
    </PrerenderedAsDemoProvider>,
    // One piece of plain HTML: a large boundary would otherwise be sent apart and revealed by an
    // inline script, which the shop's Content-Security-Policy does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // The pending queries' garbage-collection timers would keep the build's process alive.
  queryClient.clear();
  return html;
}
