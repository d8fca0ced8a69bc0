import type { QueryClient } from '@tanstack/react-query';
import { captureSignIn } from '@/features/auth/capture-url-token';
import { SITE_PREVIEW_PARAM } from '@/lib/site-preview-message';
import { App as ShopApp } from './app';
import { createQueryClient } from './providers';
import { preloadPage } from './router';

/** Set only in a preview frame of «Оформление»: the client its drafts are put into. */
let previewClient: QueryClient | undefined;

export function App() {
  return <ShopApp queryClient={previewClient} />;
}

/** A preview frame (`?site-preview=1`) listens for the owner's drafts; no other page loads that. */
async function startPreview(): Promise<void> {
  if (!new URLSearchParams(location.search).has(SITE_PREVIEW_PARAM)) return;
  const { startSitePreview } = await import('@/features/site/site-preview');
  previewClient = createQueryClient();
  startSitePreview(previewClient);
}

/**
 * What the first render waits for. A sign-in handed back by Steam is wiped from the address bar and
 * traded for the session, so the page starts signed in and nothing secret stays in history or a
 * screenshot. Meanwhile the page's own module (already requested by a modulepreload) is fetched, so
 * the first render shows the page itself instead of a loading state; if it fails, the lazy page
 * tries again and shows its error state.
 */
export async function beforeFirstRender(): Promise<void> {
  await Promise.all([
    captureSignIn(),
    preloadPage(location.pathname).catch(() => undefined),
    startPreview().catch(() => undefined),
  ]);
}
