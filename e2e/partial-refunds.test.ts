import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

describe('a partial refund at the provider', () => {
  it('is named above the top-ups until the admin marks it dealt with', async () => {
    for (const [width, viewport] of [
      [390, viewports.phone],
      [1280, viewports.desktop],
    ] as const) {
      const context = await journey.browser.newContext({ viewport, locale: 'ru-RU' });
      const page = await context.newPage();
      await signIn(page, journey.shop.url, 'Админ Демо');
      await page.goto(`${journey.shop.url}/admin`);
      const list = page.getByRole('list', { name: 'Частичные возвраты' });
      // The demo's: 150 ₽ of Оля_Травница's 500 ₽ top-up given back at the provider.
      await expect
        .poll(() => list.getByRole('listitem').first().textContent(), { timeout: 20_000 })
        .toMatch(/Оля_Травница · FreeKassa вернула 150\s₽ из 500\s₽/);
      await list.scrollIntoViewIfNeeded();
      await snapshot(page, `admin-partial-refunds-${width}`);
      if (width === 1280) {
        await list.getByRole('button', { name: /^Учтено: Оля_Травница/ }).click();
        const question = page.getByRole('alertdialog', { name: 'Отметить возврат учтённым?' });
        await question.getByRole('button', { name: 'Учтено' }).click();
        await expect.poll(() => list.count(), { timeout: 15_000 }).toBe(0);
      }
      await context.close();
    }
  });
});
