import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface WireBytes {
  js: number;
  css: number;
  files: number;
}

/**
 * Counts what crosses the wire for scripts and stylesheets, as Chromium reports it over the DevTools
 * protocol (encodedDataLength: compressed body plus response headers), with the cache disabled.
 */
export async function recordWire(page: Page): Promise<{ take(): WireBytes }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  let current: WireBytes = { js: 0, css: 0, files: 0 };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId);
    if (type === 'Script') current.js += event.encodedDataLength;
    else if (type === 'Stylesheet') current.css += event.encodedDataLength;
    else return;
    current.files += 1;
  });
  return {
    take() {
      const taken = current;
      current = { js: 0, css: 0, files: 0 };
      return taken;
    },
  };
}

/** Waits until the page has fetched nothing for a while: lazy chunks and late queries included. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

/** A first visit: fresh context (cold cache), the given session, one page load. */
export async function firstLoad(
  browser: Browser,
  url: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ wire: WireBytes; page: Page; context: BrowserContext; next(): WireBytes }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'ru-RU',
    storageState,
  });
  const page = await context.newPage();
  const recorder = await recordWire(page);
  await page.goto(url);
  await settle(page);
  return { wire: recorder.take(), page, context, next: () => recorder.take() };
}

/** Follows an in-app link the way the router does, without reloading the page. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}
