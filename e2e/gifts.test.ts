import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import {
  addGameServerAsAdmin,
  chooseDeliveryServer,
  sessionToken,
  signIn,
  topUpAndPay,
} from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const VASYA = '76561198000000003';
const SERVER = 'E2E | Gift Server';
const MESSAGE = 'С вайпом, Вася! Держи патроны';

let game: RustSimHandle;
const journey = useShopAndBrowser({
  before: async () => {
    game = await startRustSim({
      hostname: SERVER,
      players: [{ steamId: VASYA, name: 'Vasya Raider' }],
      consoleIntervalMs: null,
      chatIntervalMs: null,
    });
  },
  after: async () => game?.close(),
});

/** A product's id as the shop lists it to this signed-in player. */
async function productId(page: Page, name: string): Promise<number> {
  const products = (await (
    await fetch(`${journey.shop.url}/api/products`, {
      headers: { authorization: `Bearer ${await sessionToken(page)}` },
    })
  ).json()) as Array<{ id: number; name: string }>;
  const found = products.find((product) => product.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found.id;
}

describe('gifts', () => {
  it('a player gifts an item by pasting a profile link; the recipient signs in and finds it in «Подарки» with the message', async () => {
    await addGameServerAsAdmin(journey.browser, journey.shop.url, game, SERVER);

    // The buyer: Bandit_Kolya tops up and gifts to Vasya, who has never opened the shop.
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    await topUpAndPay(page, 500, 'bandit@example.com', 'Баланс: 550 ₽');

    await page.goto(`${journey.shop.url}/shop`);
    await page.getByRole('button', { name: 'Купить Патроны 5.56' }).click();
    const dialog = page.getByRole('dialog', { name: 'Покупка Патроны 5.56' });
    await chooseDeliveryServer(dialog, SERVER);
    await dialog.getByRole('switch', { name: /Подарить/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Получатель' })
      .fill('https://steamcommunity.com/id/vasya_raider/');
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: 'Vasya Raider' }).isVisible())
      .toBe(true);
    await dialog.getByRole('textbox', { name: 'Сообщение (необязательно)' }).fill(MESSAGE);
    await expect.poll(() => dialog.getByText('Подарок для Vasya Raider').isVisible()).toBe(true);
    await snapshot(page, 'gift-dialog-1280');
    await dialog.getByRole('button', { name: 'Подарить за 39 ₽' }).click();
    await expect.poll(() => page.getByText('Подарок отправлен!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 511 ₽').isVisible()).toBe(true);

    // The buyer's order names the recipient.
    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Заказы' }).click();
    const order = page.getByRole('article', { name: /^Заказ #/ }).first();
    await expect.poll(() => order.getByText('Подарок для Vasya Raider').isVisible()).toBe(true);
    await context.close();

    // The game gave the ammo to Vasya's Steam id, and told him who sent it.
    await expect
      .poll(() => game.gifts(VASYA).map((gift) => gift.amount), { timeout: 20_000 })
      .toEqual([128]);
    await expect.poll(() => game.notices.map((notice) => notice.steamId)).toEqual([VASYA]);

    // The recipient signs in for the first time and finds the gift with the message.
    const phone = await journey.browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: 'ru-RU',
    });
    const recipientPage = await phone.newPage();
    await signIn(recipientPage, journey.shop.url, 'Vasya Raider');
    await recipientPage.goto(`${journey.shop.url}/profile`);
    await recipientPage.getByRole('tab', { name: 'Подарки' }).click();
    const gift = recipientPage.getByRole('article', { name: 'Подарок от Bandit_Kolya' });
    await expect.poll(() => gift.getByText(MESSAGE).isVisible()).toBe(true);
    await expect.poll(() => gift.getByText('Патроны 5.56').isVisible()).toBe(true);
    await expect
      .poll(() => gift.getByText('Выдача: Выдано').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await snapshot(recipientPage, 'profile-gifts-360');
    await phone.close();
  });

  it('shows the gift form on a 360 px phone without overflowing', async () => {
    const phone = await journey.browser.newContext({
      viewport: { width: 360, height: 780 },
      locale: 'ru-RU',
    });
    const page = await phone.newPage();
    await signIn(page, journey.shop.url, 'Nadya_Solo');
    await page.goto(`${journey.shop.url}/shop`);
    await page.getByRole('button', { name: 'Купить Патроны 5.56' }).click();
    const dialog = page.getByRole('dialog', { name: 'Покупка Патроны 5.56' });
    await dialog.getByRole('switch', { name: /Подарить/ }).click();
    await dialog.getByRole('textbox', { name: 'Получатель' }).fill('76561198000000002');
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: 'Bandit_Kolya' }).isVisible())
      .toBe(true);
    await dialog.getByText('Подарок для Bandit_Kolya').scrollIntoViewIfNeeded();
    await snapshot(page, 'gift-dialog-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await dialog.getByRole('textbox', { name: 'Получатель' }).fill('просто текст');
    await expect
      .poll(() =>
        dialog.getByText('Вставьте SteamID64 (17 цифр) или ссылку на профиль Steam').isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    // The cart has the same toggle, beside the checkout.
    const put = await fetch(`${journey.shop.url}/api/cart`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await sessionToken(page)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ productId: await productId(page, 'Патроны 5.56'), quantity: 128 }),
    });
    expect(put.status).toBe(200);
    for (const viewport of [{ width: 360, height: 780 }, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/cart`);
      await page.getByRole('switch', { name: /Подарить/ }).click();
      await page
        .getByRole('textbox', { name: 'Получатель' })
        .fill('https://steamcommunity.com/profiles/76561198000000003');
      await expect.poll(() => page.getByText('Подарок для Vasya Raider').isVisible()).toBe(true);
      await page.getByText('Подарок для Vasya Raider').scrollIntoViewIfNeeded();
      await snapshot(page, `gift-cart-${viewport.width}`);
    }
    await phone.close();
  });
});
