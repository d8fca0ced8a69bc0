import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { callShop, tokenOf } from './support/shop-api';

const journey = useShopAndBrowser();

describe('a player’s own data', () => {
  it('downloads as one file from Профиль → Настройки, with their purchases in it', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    // A purchase to find in the file: the admin credits 100 ₽, the player buys wood with it.
    const adminToken = await tokenOf(journey.browser, journey.shop.url, 'Админ Демо');
    const token = (await sessionToken(page))!;
    const call = <T>(who: string, path: string, method?: string, body?: unknown) =>
      callShop<T>(journey.shop.url, who, path, method, body);
    const me = await call<{ id: number }>(token, '/api/auth/profile');
    await call(adminToken, `/api/admin/users/${me.id}`, 'PUT', {
      balance: 100,
      previousBalance: 0,
      reason: 'Компенсация за вайп',
    });
    const products = await call<Array<{ id: number; name: string }>>(token, '/api/products');
    const servers = await call<Array<{ id: number }>>(token, '/api/servers');
    await call(token, '/api/purchase', 'POST', {
      productId: products.find((product) => product.name === 'Дерево')!.id,
      serverId: servers[0]!.id,
      quantity: 1000,
    });
    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Настройки' }).click();
    const button = page.getByRole('button', { name: 'Скачать мои данные' });
    await button.scrollIntoViewIfNeeded();
    await snapshot(page, 'my-data-390');
    await page.setViewportSize(viewports.desktop);
    await button.scrollIntoViewIfNeeded();
    await snapshot(page, 'my-data-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{17}-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      account: { username: string; balance: number };
      orders: Array<{ items: Array<{ name: string }> }>;
      ledger: Array<{ description: string }>;
    };
    expect(data.account.username).toBe('Bandit_Kolya');
    expect(data.orders.map((order) => order.items.map((item) => item.name))).toEqual([['Дерево']]);
    expect(data.ledger.map((row) => row.description).join(' ')).toContain('Компенсация за вайп');
    await context.close();
  });
});
