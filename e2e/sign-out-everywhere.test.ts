import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();
const SIGNED_OUT = 'Сеанс завершён: вы вышли из аккаунта';
/** The header's balance chip: what must not stay on screen after the sessions end. */
const BALANCE = /^Баланс: /;

/**
 * No click, no reload and no focus: the tab changes by itself. A background tab's timers and
 * rendering are throttled by the browser and the machine is shared with other work, so it gets a
 * few seconds (the server's own test shows the event reaches every socket at once).
 */
const soon = (check: () => Promise<boolean>) =>
  expect.poll(check, { timeout: 20_000, interval: 100 }).toBe(true);

/** A tab that shows the signed-out page: the notice, no balance, no user menu, no token. */
async function expectSignedOut(page: Page) {
  // Read from the document, not the screen: a background tab is not painted until it is shown.
  await soon(async () => ((await page.locator('body').textContent()) ?? '').includes(SIGNED_OUT));
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await page.getByLabel(BALANCE).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Меню пользователя/ }).count()).toBe(0);
  expect(await sessionToken(page)).toBeNull();
}

/** Bandit_Kolya with two tabs open: the shop and the profile, each showing the balance. */
async function twoTabs(context: BrowserContext): Promise<[Page, Page]> {
  const shopTab = await context.newPage();
  await signIn(shopTab, journey.shop.url, 'Bandit_Kolya');
  const profileTab = await context.newPage();
  await profileTab.goto(`${journey.shop.url}/profile`);
  for (const tab of [shopTab, profileTab]) {
    await soon(() => tab.getByLabel(BALANCE).first().isVisible());
    // Its live channel is joined: the header's indicator says so.
    await expect
      .poll(() => tab.getByRole('status', { name: 'Соединение: подключено' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  }
  return [shopTab, profileTab];
}

describe('sessions end everywhere at once', () => {
  it('turns every open tab into the signed-out page when an admin signs the player out everywhere', async () => {
    const player = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const tabs = await twoTabs(player);

    const admin = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const panel = await admin.newPage();
    await signIn(panel, journey.shop.url, 'Админ Демо');
    await panel.goto(`${journey.shop.url}/admin`);
    await panel.getByRole('tab', { name: 'Пользователи' }).click();
    await panel.getByLabel('Поиск пользователей по имени или Steam ID').fill('Bandit_Kolya');
    const list = panel.getByRole('list', { name: 'Пользователи' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await list.getByRole('button', { name: 'Выйти везде: Bandit_Kolya' }).click();
    const question = panel.getByRole('alertdialog', { name: 'Выйти на всех устройствах?' });
    await question.getByRole('button', { name: 'Выйти везде' }).click();
    await expect
      .poll(() => panel.getByText('Пользователь вышел на всех устройствах').first().isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // No click, reload or focus in the player's tabs: the live connection brings it.
    for (const tab of tabs) await expectSignedOut(tab);
    await snapshot(tabs[0], 'signed-out-elsewhere-1280');
    await admin.close();
    await player.close();
  });

  it('asks the player first, then signs out this phone and the tabs of another browser', async () => {
    const laptop = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const tabs = await twoTabs(laptop);

    const phone = await journey.browser.newContext({ viewport: viewports.phone, locale: 'ru-RU' });
    const page = await phone.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Настройки' }).click();
    await page.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
    const question = page.getByRole('alertdialog', { name: 'Выйти на всех устройствах?' });
    await soon(() => question.isVisible());
    await snapshot(page, 'sign-out-everywhere-confirm-390');

    // Cancelled: nothing ends.
    await question.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForTimeout(1_000);
    expect(await sessionToken(page)).not.toBeNull();
    for (const tab of tabs) expect(await tab.getByLabel(BALANCE).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Выйти на всех устройствах' }).click();
    await question.getByRole('button', { name: 'Выйти везде' }).click();
    await expectSignedOut(page);
    for (const tab of tabs) await expectSignedOut(tab);
    await snapshot(page, 'signed-out-390');
    await phone.close();
    await laptop.close();
  });

  it('signs out a tab whose live channel lost the event, and one that has none, at its next request', async () => {
    const player = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    // A proxy that lost this one message: everything else passes both ways.
    const lossy = await player.newPage();
    await lossy.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!String(message).includes('"signedOut"')) socket.send(message);
      });
    });
    await signIn(lossy, journey.shop.url, 'Bandit_Kolya');
    await soon(() => lossy.getByRole('status', { name: 'Соединение: подключено' }).isVisible());
    // Another browser, behind a proxy that refuses the live channel altogether.
    const other = await journey.browser.newContext({ viewport: viewports.phone, locale: 'ru-RU' });
    const unlinked = await other.newPage();
    await unlinked.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await unlinked.route(/\/socket\.io\//, (route) => route.abort());
    await signIn(unlinked, journey.shop.url, 'Bandit_Kolya');
    // The profile, once the page has made its requests (the last: the support chat's unread count).
    const settled = unlinked.waitForResponse(/\/api\/chat\/unread/);
    await unlinked.goto(`${journey.shop.url}/profile`);
    await settled;
    await soon(() => unlinked.getByRole('tab', { name: 'Заказы' }).isVisible());

    // Ended by the call the profile's button makes, sent from outside both pages. The two browsers
    // share no storage, so neither hears of it from the other.
    const token = await sessionToken(lossy);
    const ended = await fetch(`${journey.shop.url}/api/auth/logout-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(ended.status).toBe(200);
    // The server closes the lossy tab's connection; it dials again and its join is refused.
    await expectSignedOut(lossy);

    // The other tab learns it when its next request is refused with 401.
    await unlinked.getByRole('tab', { name: 'Заказы' }).click();
    await expectSignedOut(unlinked);
    await snapshot(unlinked, 'signed-out-at-next-request-390');
    await other.close();
    await player.close();
  });
});
