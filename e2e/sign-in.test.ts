import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

// Logged at debug, where request lines are, so the lines a sign-in produces are in the output the
// test reads (and can be checked for the token).
const journey = useShopAndBrowser({ env: { LOG_LEVEL: 'debug' } });

describe('signing in with Steam (demo provider)', () => {
  it('signs in, shows name, avatar and 0 ₽, survives a reload, and signs out', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url(), request.headers().referer ?? '');
    });
    await signIn(page, journey.shop.url, 'Bandit_Kolya');

    const menu = page.getByRole('button', { name: 'Меню пользователя Bandit_Kolya' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 0 ₽').isVisible()).toBe(true);
    const avatar = menu.locator('img');
    expect(await avatar.getAttribute('src')).toContain('76561198000000002.svg');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The token travelled in no address, Referer, history entry or log line.
    expect(requested.some((line) => line.includes(token!))).toBe(false);
    expect(await page.evaluate(() => window.location.href)).toBe(`${journey.shop.url}/`);
    expect(journey.shop.output()).toContain('/api/auth/exchange');
    expect(journey.shop.output()).not.toContain(token);
    await snapshot(page, 'signed-in-1280');

    await page.reload();
    await expect.poll(() => menu.isVisible()).toBe(true);

    await menu.click();
    expect(await page.getByRole('menuitem', { name: 'Панель администратора' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect
      .poll(() => page.getByRole('link', { name: 'Войти', exact: true }).first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The session is revoked on the server, not just forgotten by the browser.
    const profile = await fetch(`${journey.shop.url}/api/auth/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(401);
    await context.close();
  });

  it('lets the demo admin into the admin panel and keeps players out', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    // SPEC §2: whoever is not an authenticated admin goes to '/', a guest too.
    await page.goto(`${journey.shop.url}/admin`);
    await page.waitForURL((url) => url.pathname === '/');

    await signIn(page, journey.shop.url, 'Админ Демо');
    await page.goto(`${journey.shop.url}/admin`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Панель администратора' }).isVisible())
      .toBe(true);
    await snapshot(page, 'admin-390');
    await context.close();

    const playerContext = await journey.browser.newContext({ viewport: viewports.phone });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Vasya Raider');
    await player.goto(`${journey.shop.url}/admin`);
    await player.waitForURL((url) => url.pathname === '/');
    await snapshot(player, 'signed-in-390');
    await playerContext.close();
  });

  it('shows the Russian sign-in error when Steam verification fails', async () => {
    const context = await journey.browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/api/auth/steam/return?openid.mode=id_res`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByText('Ошибка авторизации').isVisible()).toBe(true);
    await context.close();
  });
});
