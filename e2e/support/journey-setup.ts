import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startShop, type ShopProcess } from './shop-process';

export interface JourneySetup {
  readonly shop: ShopProcess;
  readonly browser: Browser;
}

/**
 * A fresh shop (started as a user starts it) and a browser for one journey file, stopped after it.
 * `before` runs first, for anything the shop must find when it starts.
 */
export function useShopAndBrowser(
  hooks: {
    before?: () => Promise<void>;
    after?: () => Promise<void>;
    /** Extra environment for the shop process. */
    env?: Record<string, string>;
  } = {},
) {
  let shop: ShopProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await hooks.before?.();
    shop = await startShop(hooks.env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await hooks.after?.();
  });
  return {
    get shop() {
      if (!shop) throw new Error('the shop has not started');
      return shop;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
  } satisfies JourneySetup;
}
