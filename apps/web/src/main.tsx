import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureSignIn } from '@/features/auth/capture-url-token';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import './index.css';

// Before anything renders: a sign-in handed back by Steam is wiped from the address bar and traded
// for the session, so the page starts signed in and nothing secret stays in history or a screenshot.
// Meanwhile the page's own module (already requested by a modulepreload) is fetched, so the first
// render shows the page itself instead of a loading state. If it fails, the lazy page tries again
// and shows its error state. (Not a top-level await: the page's module imports from this bundle,
// whose evaluation would then wait for it.)
const ready = Promise.all([captureSignIn(), preloadPage(location.pathname).catch(() => undefined)]);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for one long task: a slow phone keeps answering taps while the page builds.
// A page the build prerendered (build/prerender-pages.ts) is taken over in place: React attaches to
// the HTML already on screen instead of building and laying out a second copy. It was rendered for
// the address without a query string, so one with a query string is drawn afresh.
void ready.then(() =>
  startTransition(() => {
    if (root.hasChildNodes() && location.search === '') hydrateRoot(root, app);
    else createRoot(root).render(app);
  }),
);
