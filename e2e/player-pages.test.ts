import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, viewports } from './support/browser';
import { useShopAndBrowser } from './support/journey-setup';
import { sessionToken, signIn } from './support/journeys';
import { creditWithPromoCodes } from './support/money-setup';
import {
  coveredByFloatingButtons,
  elementsPastRightEdge,
  focusIsVisible,
  seriousAxeViolations,
  sidewaysOverflow,
} from './support/page-checks';

const journey = useShopAndBrowser();
const LONG_NAME = 'Александр_Великий_Рейдер_2077';
const BALANCE = /Баланс: 123\s456\s₽/;
const smallPhone = { width: 360, height: 740 } as const;

/** Every page a player can open, with what shows that it has rendered. */
const signedInPages = [
  { name: 'home', path: '/', heading: /Магазин серверов/ },
  { name: 'shop', path: '/shop', heading: 'Магазин' },
  { name: 'servers', path: '/servers', heading: 'Серверы' },
  { name: 'promocodes', path: '/promocodes', heading: 'Промокоды' },
  { name: 'profile', path: '/profile', heading: 'Профиль' },
  { name: 'cart', path: '/cart', heading: 'Корзина' },
  { name: 'payment-cancel', path: '/payment-cancel?orderId=demo-1', heading: 'Платеж отменен' },
  { name: 'not-found', path: '/no-such-page', heading: 'Страница не найдена' },
] as const;
const signedOutPages = [
  { name: 'home', path: '/', heading: /Магазин серверов/ },
  { name: 'shop', path: '/shop', heading: 'Магазин' },
  { name: 'servers', path: '/servers', heading: 'Серверы' },
  { name: 'promocodes', path: '/promocodes', heading: 'Промокоды' },
  { name: 'login', path: '/login', heading: 'Вход в аккаунт' },
] as const;

let player: BrowserContext;
let playerToken: string;

async function open(page: Page, pagePath: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${journey.shop.url}${pagePath}`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: heading }).first().isVisible(), {
      timeout: 15_000,
    })
    .toBe(true);
  // Lazy images and late queries settle before the page is judged.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** The session token once the sign-in code has been exchanged for it. */
async function tokenOf(page: Page): Promise<string | null> {
  await page.waitForFunction(() => localStorage.getItem('token') !== null, undefined, {
    timeout: 15_000,
  });
  return sessionToken(page);
}

beforeAll(async () => {
  const admin = await journey.browser.newContext({ viewport: viewports.desktop, locale: 'ru-RU' });
  const adminPage = await admin.newPage();
  await signIn(adminPage, journey.shop.url, 'Админ Демо');
  const adminToken = await tokenOf(adminPage);
  await admin.close();

  player = await journey.browser.newContext({ viewport: smallPhone, locale: 'ru-RU' });
  const page = await player.newPage();
  await signIn(page, journey.shop.url, LONG_NAME);
  playerToken = (await tokenOf(page)) ?? '';
  if (!adminToken || !playerToken) throw new Error('sign-in left no session token');
  await creditWithPromoCodes(journey.shop.url, adminToken, playerToken, 123_456);
  await page.close();
});
afterAll(() => player?.close());

describe('every player page on a 360 px phone, signed in with 123 456 ₽ and a long name', () => {
  it.each(signedInPages)(
    '$path: no sideways scroll, balance in the header, no serious axe violation',
    async ({ name, path: pagePath, heading }) => {
      const page = await player.newPage();
      await open(page, pagePath, heading);
      expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
      const header = page.getByRole('banner');
      await expect.poll(() => header.getByLabel(BALANCE).isVisible()).toBe(true);
      expect(await header.getByRole('button', { name: 'Открыть меню' }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, `page-${name}-360`);
      await page.setViewportSize(viewports.desktop);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, `page-${name}-1280`);
      await page.close();
    },
  );
});

describe('every player page signed out', () => {
  it.each(signedOutPages)(
    '$path: no sideways scroll at 360 px and no serious axe violation',
    async ({ name, path: pagePath, heading }) => {
      const context = await journey.browser.newContext({ viewport: smallPhone, locale: 'ru-RU' });
      const page = await context.newPage();
      await open(page, pagePath, heading);
      expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shoot(page, `page-${name}-signed-out-360`);
      await context.close();
    },
  );
});

describe('keyboard and dialogs', () => {
  it('shows where focus is, keeps it inside an open dialog, and returns it on close', async () => {
    const page = await player.newPage();
    await open(page, '/', /Магазин серверов/);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Перейти к содержимому',
    );
    expect(await focusIsVisible(page)).toBe(true);

    const topUp = page.getByRole('banner').getByRole('button', { name: 'Пополнить баланс' });
    await topUp.focus();
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Пополнить баланс');

    const menuButton = page.getByRole('button', { name: 'Открыть меню' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByLabel(BALANCE).isVisible()).toBe(true);
    expect(await menu.getByText(LONG_NAME).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'mobile-menu-360');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Открыть меню');
    await page.close();
  });

  it('reaches every profile tab on a phone by touch scrolling and by keyboard', async () => {
    const page = await player.newPage();
    await open(page, '/profile', 'Профиль');
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(4);
    const last = tabs.nth(count - 1);
    await tabs.first().focus();
    for (let step = 1; step < count; step += 1) {
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => tabs.nth(step).evaluate((node) => node === document.activeElement))
        .toBe(true);
    }
    await last.click();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    const box = await last.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= smallPhone.width).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.close();
  });

  it('keeps floating buttons off what is read: Discord in the header on a phone, the chat steps aside while scrolling down', async () => {
    const page = await player.newPage();
    await open(page, '/', /Магазин серверов/);
    const chat = page.getByRole('button', { name: 'Открыть чат поддержки' });
    const opacity = () => chat.evaluate((button) => getComputedStyle(button).opacity);
    await expect.poll(opacity).toBe('1');
    // The footer names the link too; above it, only the header's button offers it.
    const discord = page.getByRole('link', { name: /Наш Discord/ }).filter({ visible: true });
    expect(
      await discord.evaluateAll((links) => links.filter((link) => !link.closest('footer')).length),
    ).toBe(1);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Наш Discord/ })
        .isVisible(),
    ).toBe(true);
    await page.mouse.move(180, 300);
    await page.mouse.wheel(0, 400);
    await expect.poll(opacity).toBe('0');
    await page.mouse.wheel(0, -200);
    await expect.poll(opacity).toBe('1');
    await page.close();
  });

  it('lists Contacts without an e-mail line when SUPPORT_EMAIL is not set', async () => {
    const page = await player.newPage();
    await open(page, '/', /Магазин серверов/);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Контакты' }).click();
    const dialog = page.getByRole('dialog', { name: 'Контакты' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The demo's community links, each under the label the owner gave it.
    expect(await dialog.getByText('Наш Discord', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('Группа сообщества', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('Email', { exact: true }).count()).toBe(0);
    expect(await dialog.getByText(/support@/).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('covers nothing with the floating buttons at 1280 px, at the top, midway and at the end of a page', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    const chat = page.getByRole('button', { name: 'Открыть чат поддержки' });
    for (const [pagePath, heading] of [
      ['/', /Магазин серверов/],
      ['/shop', 'Магазин'],
      ['/profile', 'Профиль'],
      ['/admin', 'Панель администратора'],
    ] as const) {
      await open(page, pagePath, heading);
      const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      for (const share of [0, 0.25, 0.5, 0.75, 1]) {
        // Coming up to the spot brings the buttons back: they step aside while one scrolls down.
        const y = Math.round(height * share);
        await page.evaluate((to) => scrollTo(0, to), Math.min(y + 200, height));
        await page.waitForTimeout(100);
        await page.evaluate((to) => scrollTo(0, to), y);
        await expect
          .poll(() => chat.evaluate((button) => getComputedStyle(button).opacity))
          .toBe('1');
        expect(await coveredByFloatingButtons(page), `${pagePath} at ${share * 100} %`).toEqual([]);
      }
    }
    await context.close();
  });
});
