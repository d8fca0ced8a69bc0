import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import {
  addGameServerAsAdmin,
  chooseDeliveryServer,
  signIn,
  topUpAndPay,
} from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const BANDIT = '76561198000000002';
const SERVER = 'E2E | Test Server';

let game: RustSimHandle;
const journey = useShopAndBrowser({
  // A game server of the test's own, so the test reads exactly what the game was told to do.
  before: async () => {
    game = await startRustSim({
      hostname: SERVER,
      players: [{ steamId: BANDIT, name: 'Bandit_Kolya' }],
      consoleIntervalMs: null,
      chatIntervalMs: null,
    });
  },
  after: async () => game?.close(),
});

describe('buying', () => {
  it('buys two stacks for a chosen server, shows the order delivered, and the game got both stacks', async () => {
    await addGameServerAsAdmin(journey.browser, journey.shop.url, game, SERVER);

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
    await dialog.getByRole('button', { name: 'Увеличить на один стак' }).click();
    await expect
      .poll(() => dialog.getByText(/Всего предметов: 256 шт\. \(2 стака\)/).isVisible())
      .toBe(true);
    await chooseDeliveryServer(dialog, SERVER);
    await snapshot(page, 'purchase-dialog-1280');
    await dialog.getByRole('button', { name: 'Купить за 78 ₽' }).click();
    await expect.poll(() => page.getByText('Покупка успешна!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 472 ₽').isVisible()).toBe(true);

    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Заказы' }).click();
    const order = page.getByRole('article', { name: /^Заказ #/ }).first();
    await expect.poll(() => order.getByText('Патроны 5.56').isVisible()).toBe(true);
    await expect
      .poll(() => order.getByText('Выдача: Выдано').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => order.getByText(SERVER).isVisible()).toBe(true);
    await snapshot(page, 'profile-orders-1280');

    const gives = game.commands
      .filter((record) => record.name === 'inventory.giveto')
      .map((record) => record.message);
    expect(gives).toEqual([
      `inventory.giveto ${BANDIT} "ammo.rifle" 128`,
      `inventory.giveto ${BANDIT} "ammo.rifle" 128`,
    ]);
    expect(game.gifts(BANDIT).map((gift) => gift.amount)).toEqual([128, 128]);
    await context.close();
  });
});
