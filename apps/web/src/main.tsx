import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';

/** Resolves in a new task, once the browser has had its turn to handle input and paint. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A first load is a few short tasks instead of one long one, so a slow phone answers a tap between
 * them: this module evaluates React; the app's own code (app/start, fetched alongside it by a
 * modulepreload) evaluates in the next task; the first render starts in the one after and, as a
 * transition, yields to the browser every few milliseconds.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const { App, beforeFirstRender } = await import('@/app/start');
  await beforeFirstRender();
  await nextTask();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A page the build prerendered (build/prerender-pages.ts) is taken over in place: React attaches
  // to the HTML already on screen instead of building and laying out a second copy. It was rendered
  // for the address without a query string, so one with a query string is drawn afresh.
  startTransition(() => {
    if (container.hasChildNodes() && location.search === '') hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
