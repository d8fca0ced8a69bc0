import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
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

/** A card's price as a reader hears it, spaces evened out. */
async function priceText(card: Locator): Promise<string> {
  const text = await card.evaluate((element) => element.textContent ?? '');
  return text.replace(/\s+/g, ' ');
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

  it('show on Home the same price in force as the shop, the old one struck through', async () => {
    const context = await journey.browser.newContext({ viewport: NARROW, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');

    // The demo runs «Неделя ресурсов» (−20 %) everywhere and −30 % on its first server after a wipe.
    await page.goto(`${journey.shop.url}/shop`);
    const inShop = page.getByRole('article', { name: 'Металлолом' });
    await expect.poll(() => inShop.isVisible()).toBe(true);
    const shopPrice = await priceText(inShop);
    expect(shopPrice).toContain('Цена без скидки: 59 ₽');
    expect(shopPrice).toContain('Цена со скидкой: 41,30 ₽');

    await page.goto(journey.shop.url);
    const onHome = page
      .getByRole('region', { name: 'Популярные товары' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Металлолом' }) });
    // Priced as the shop prices it once the servers are known: the best server's wipe sale.
    await expect.poll(() => priceText(onHome)).toContain('Цена со скидкой: 41,30 ₽');
    const homePrice = await priceText(onHome);
    expect(homePrice).toContain('Цена без скидки: 59 ₽ Скидка −30 %');
    expect(homePrice).toContain('только на RUSTY | Classic x2');
    expect(await onHome.locator('del').innerText()).toBe('59 ₽');
    await context.close();
  });

  // Last: it leaves every server in maintenance.
  it('grey «Купить» out with the reason when every server is in maintenance', async () => {
    const adminContext = await journey.browser.newContext({ locale: 'ru-RU' });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    const headers = {
      authorization: `Bearer ${await sessionToken(admin)}`,
      'content-type': 'application/json',
    };
    const servers = await (
      await fetch(`${journey.shop.url}/api/admin/servers`, { headers })
    ).json();
    for (const server of servers) {
      const { id, name, ip, port, rconPort, maxPlayers, map, description, rconPassword } = server;
      const saved = await fetch(`${journey.shop.url}/api/admin/servers/${id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          ...{ name, ip, port, rconPort, maxPlayers, map, description, rconPassword },
          isPluginEnabled: server.isPluginEnabled,
          status: 'maintenance',
        }),
      });
      expect(saved.status).toBe(200);
    }
    await adminContext.close();

    const context = await journey.browser.newContext({ viewport: NARROW, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');
    for (const [path, card] of [
      ['/', page.getByRole('region', { name: 'Популярные товары' }).getByRole('listitem')],
      ['/shop', page.getByRole('article')],
    ] as const) {
      await page.goto(`${journey.shop.url}${path}`);
      const scrap = card.filter({ has: page.getByRole('heading', { name: 'Металлолом' }) });
      const buy = scrap.getByRole('button', { name: 'Купить Металлолом' });
      await expect.poll(() => buy.isDisabled()).toBe(true);
      expect(await buy.getAttribute('aria-describedby')).toBeTruthy();
      expect(await scrap.getByText('Серверы на техобслуживании').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: /^Купить / }).count()).toBe(0);
      expect(
        await page
          .getByRole('button', { name: /^Купить / })
          .and(page.locator(':enabled'))
          .count(),
      ).toBe(0);
      await scrap.scrollIntoViewIfNeeded();
      await snapshot(page, `maintenance-cards-${path === '/' ? 'home' : 'shop'}-360`);
      expect(await cutBuyButtons(page)).toEqual([]);
    }
    await context.close();
  });
});
