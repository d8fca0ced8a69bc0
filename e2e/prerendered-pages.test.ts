import { describe, expect, it } from 'vitest';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();
const phone = { width: 360, height: 740 } as const;

/** Public pages the build prerenders, with the heading their HTML must carry before any script. */
const prerendered = [
  { path: '/', heading: /Магазин серверов/ },
  { path: '/shop', heading: 'Магазин' },
  { path: '/servers', heading: 'Серверы' },
  { path: '/promocodes', heading: 'Промокоды' },
] as const;

describe('prerendered pages', () => {
  it('arrive with their header, heading and skeletons in the HTML, before any script runs', async () => {
    const context = await journey.browser.newContext({
      locale: 'ru-RU',
      viewport: phone,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      for (const { path, heading } of prerendered) {
        await page.goto(`${journey.shop.url}${path}`);
        await expect(
          page.getByRole('heading', { level: 1, name: heading }).first().isVisible(),
        ).resolves.toBe(true);
        await expect(page.getByRole('link', { name: /на главную/ }).isVisible()).resolves.toBe(
          true,
        );
        // Styled, and as wide as the phone: nothing scrolls sideways before the script arrives.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  it('become the live page in place, with scripts requested after the first paint: no layout shift, and links navigate without a reload', async () => {
    const context = await journey.browser.newContext({ locale: 'ru-RU', viewport: phone });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (/hydrat|Content Security Policy/i.test(message.text())) errors.push(message.text());
      });

      await page.goto(`${journey.shop.url}/servers`);
      // The server cards replace their skeletons once the list arrives.
      await expect
        .poll(
          () =>
            page
              .getByRole('button', { name: /Скопировать адрес сервера/ })
              .first()
              .isVisible(),
          { timeout: 15_000 },
        )
        .toBe(true);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // The page was on screen before any of its scripts was even requested.
      const timing = await page.evaluate(() => ({
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scriptRequests: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.firstContentfulPaint).toBeGreaterThan(0);
      expect(timing.scriptRequests.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scriptRequests)).toBeGreaterThanOrEqual(
        timing.firstContentfulPaint ?? Number.POSITIVE_INFINITY,
      );
      const shifts = await page.evaluate(() => window.shifts);
      if (!shifts) throw new Error('The page kept no list of layout shifts');
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);

      await page.goto(`${journey.shop.url}/`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // A marker on window survives only if the next page is drawn by the script, not loaded anew.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.getByRole('link', { name: 'Перейти в магазин' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: 'Магазин' }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/shop');
      await expect(page.evaluate(() => window.samePage)).resolves.toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
