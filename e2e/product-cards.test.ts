import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

/** The narrowest phone the shop is made for. */
const NARROW = { width: 360, height: 740 };
const journey = useShopAndBrowser();

/**
 * Every «Купить» on the page whose label does not fit: wider than its own box (the text is cut),
 * or reaching past the card that holds it (the card's edge cuts it).
 */
function cutBuyButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a, button'))
      .filter((element) => element.textContent?.trim() === 'Купить')
      .filter((button) => {
        const card = button.closest('li') ?? button.parentElement;
        const box = button.getBoundingClientRect();
        const holder = card?.getBoundingClientRect();
        return (
          button.scrollWidth > button.clientWidth + 0.5 ||
          (holder !== undefined && (box.right > holder.right + 0.5 || box.left < holder.left - 0.5))
        );
      })
      .map((button) => button.getAttribute('aria-label') ?? ''),
  );
}

describe('product cards on a narrow phone', () => {
  it('show the whole «Купить» on every card, on Home and in the shop', async () => {
    const context = await journey.browser.newContext({ viewport: NARROW, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');

    await page.goto(journey.shop.url);
    const popular = page.getByRole('region', { name: 'Популярные товары' });
    await expect
      .poll(() => popular.getByRole('link', { name: /^Купить / }).count())
      .toBeGreaterThan(0);
    await popular.scrollIntoViewIfNeeded();
    await snapshot(page, 'home-popular-360');
    expect(await cutBuyButtons(page)).toEqual([]);

    await page.goto(`${journey.shop.url}/shop`);
    const shop = page.getByRole('list', { name: 'Товары' });
    await expect
      .poll(() => shop.getByRole('button', { name: /^Купить / }).count())
      .toBeGreaterThan(0);
    await page.getByRole('article', { name: 'Металлолом' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'shop-cards-360');
    expect(await cutBuyButtons(page)).toEqual([]);
    await context.close();
  });
});
