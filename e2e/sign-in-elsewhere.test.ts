import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();
const REFUSED = 'Этот вход начат не в этом браузере';

/**
 * Someone else's browser starts a sign-in as Vasya Raider and stops at Steam's return: the address
 * an attacker would send a victim, unused.
 */
async function strangersSteamReturn(): Promise<string> {
  const context = await journey.browser.newContext();
  const page = await context.newPage();
  let returnUrl: string | undefined;
  // The picker's POST answers with the redirect to the shop's return; it is read, not followed.
  await page.route('**/api/demo/steam/openid/login', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    returnUrl = answer.headers().location;
    await route.abort();
  });
  await page.goto(`${journey.shop.url}/login`);
  await page.getByRole('button', { name: 'Войти через Steam' }).click();
  await page.waitForURL(/\/api\/demo\/steam\/openid\/login/);
  await page.getByRole('button', { name: /Vasya Raider/ }).click();
  await expect.poll(() => returnUrl).toBeDefined();
  await context.close();
  return returnUrl!;
}

/** The player is still themselves: same token, same name in the header, also after a reload. */
async function expectStillBandit(page: Page, token: string | null) {
  await page.waitForURL((url) => url.pathname === '/' && !url.hash && !url.search);
  const menu = page.getByRole('button', { name: 'Меню пользователя Bandit_Kolya' });
  await expect.poll(() => menu.isVisible()).toBe(true);
  expect(await sessionToken(page)).toBe(token);
  await page.reload();
  await expect.poll(() => menu.isVisible()).toBe(true);
  expect(await sessionToken(page)).toBe(token);
}

describe('a signed-in player is never switched to an account they did not choose', () => {
  it('stays themselves on another browser’s Steam return, another account’s code and a ?token= link', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    const token = await sessionToken(page);

    // 1. The Steam return of a sign-in someone else started, opened in this browser.
    await page.goto(await strangersSteamReturn());
    await expect.poll(() => page.getByText(REFUSED).first().isVisible()).toBe(true);
    await expectStillBandit(page, token);

    // 2. Another account's sign-in code, with a sign-in of this tab under way meanwhile: its state
    // is not the one the code was issued for.
    const back = await fetch(await strangersSteamReturn(), { redirect: 'manual' });
    const code = new URL(back.headers.get('location')!).hash;
    expect(code).toMatch(/^#signin=/);
    await page.evaluate(() => sessionStorage.setItem('signin-state', 'A'.repeat(43)));
    // Opened as a link from elsewhere (a fragment change within the open page loads nothing).
    await page.goto('about:blank');
    await page.goto(`${journey.shop.url}/${code}`);
    await expect.poll(() => page.getByText(REFUSED).first().isVisible()).toBe(true);
    await expectStillBandit(page, token);

    // 3. A session token of another account in the address.
    const other = await journey.browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, journey.shop.url, 'Vasya Raider');
    const othersToken = await sessionToken(otherPage);
    await other.close();
    await page.goto(`${journey.shop.url}/?token=${othersToken}`);
    await expectStillBandit(page, token);

    // «Выйти на всех устройствах» ends this session and the one of a second browser too.
    const second = await journey.browser.newContext();
    const secondPage = await second.newPage();
    await signIn(secondPage, journey.shop.url, 'Bandit_Kolya');
    const secondToken = await sessionToken(secondPage);
    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Настройки' }).click();
    await page.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
    // It asks first (issue 36), then shows the signed-out page.
    await page.getByRole('button', { name: 'Выйти везде' }).click();
    await expect
      .poll(() => page.getByText('Сеанс завершён: вы вышли из аккаунта').isVisible())
      .toBe(true);
    for (const ended of [token, secondToken]) {
      const profile = await fetch(`${journey.shop.url}/api/auth/profile`, {
        headers: { authorization: `Bearer ${ended}` },
      });
      expect(profile.status).toBe(401);
    }
    await second.close();
    await context.close();
  });

  it('does not sign a guest in through a ?token= link either', async () => {
    const other = await journey.browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, journey.shop.url, 'Vasya Raider');
    const othersToken = await sessionToken(otherPage);
    await other.close();

    const context = await journey.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/?token=${othersToken}`);
    await page.waitForURL((url) => url.pathname === '/' && !url.search);
    await expect
      .poll(() => page.getByRole('link', { name: 'Войти', exact: true }).first().isVisible())
      .toBe(true);
    expect(await sessionToken(page)).toBeNull();
    await context.close();
  });
});
