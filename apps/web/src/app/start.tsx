import { captureSignIn } from '@/features/auth/capture-url-token';
import { preloadPage } from './router';

export { App } from './app';

/**
 * What the first render waits for. A sign-in handed back by Steam is wiped from the address bar and
 * traded for the session, so the page starts signed in and nothing secret stays in history or a
 * screenshot. Meanwhile the page's own module (already requested by a modulepreload) is fetched, so
 * the first render shows the page itself instead of a loading state; if it fails, the lazy page
 * tries again and shows its error state.
 */
export async function beforeFirstRender(): Promise<void> {
  await Promise.all([captureSignIn(), preloadPage(location.pathname).catch(() => undefined)]);
}
