import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewports } from './support/browser';
import {
  addGameServerAsAdmin,
  chooseDeliveryServer,
  signIn,
  topUpAndPay,
} from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const BANDIT = '76561198000000002';
const SERVER = 'E2E | Kit Server';
const KIT = 'Набор рейдера';

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

/** Kept in /tmp for a person to look at: the kit's card, dialog and editor. */
const shot = (page: Page, name: string, target?: Locator) =>
  target
    ? target.screenshot({ path: `/tmp/kit-${name}.png` })
    : page.screenshot({ path: `/tmp/kit-${name}.png` });

/**
 * Scrolls a dialog's body to `target` for a screenshot. Playwright's own scrolling also moves the
 * dialog's clipped frame (overflow: hidden), which no user can do: that is put back.
 */
async function showInDialog(dialog: Locator, target: Locator) {
  await target.evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await dialog.evaluate((node) => {
    node.scrollTop = 0;
  });
}

/** Picks a game item in the open item picker by its shortname. */
async function pickItem(page: Page, search: string, shortname: string) {
  const picker = page.getByRole('dialog', { name: 'Выбрать предмет' });
  await picker.getByLabel('Поиск предмета по названию или ID').fill(search);
  const exact = new RegExp(`— ${shortname.replaceAll('.', '\\.')},`);
  await picker.getByRole('button', { name: exact }).click();
  await expect.poll(() => picker.count()).toBe(0);
}

async function openProductsTab(page: Page) {
  await page.goto(`${journey.shop.url}/admin`);
  await page.getByRole('tab', { name: 'Товары' }).click();
}

describe('a kit', () => {
  it('is put together by the admin on a phone, item by item, with a clear refusal first', async () => {
    await addGameServerAsAdmin(journey.browser, journey.shop.url, game, SERVER);
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    await openProductsTab(page);
    await page.getByRole('button', { name: 'Добавить товар' }).click();
    const form = page.getByRole('dialog', { name: 'Добавить товар' });
    await form.getByRole('radio', { name: 'Набор предметов' }).click();
    // A kit has no item, stack or commands of its own.
    expect(await form.getByLabel('Игровое название (shortname)').count()).toBe(0);
    expect(await form.getByLabel('Количество в стаке').count()).toBe(0);
    expect(await form.getByLabel('Команды выдачи').count()).toBe(0);

    const items: Array<[string, string, string]> = [
      ['rifle.ak', 'rifle.ak', '1'],
      ['5.56', 'ammo.rifle', '0'],
      ['шприц', 'syringe.medical', '5'],
      ['explosive.timed', 'explosive.timed', '2'],
    ];
    for (const [search, shortname, amount] of items) {
      await form.getByRole('button', { name: 'Добавить предмет' }).click();
      await pickItem(page, search, shortname);
      const line = form.getByRole('list', { name: 'Предметы набора' }).getByRole('listitem').last();
      await expect.poll(() => line.getByText(shortname, { exact: true }).isVisible()).toBe(true);
      await line.getByRole('textbox', { name: /^Количество: / }).fill(amount);
    }
    await form.getByLabel('Название', { exact: true }).fill(KIT);
    await form.getByLabel('Цена, ₽').fill('399');
    await form
      .getByLabel('Описание')
      .fill('Всё для первого рейда: винтовка, патроны, аптечка и две C4.');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    // The second line's zero is refused by name, and nothing is saved.
    await expect
      .poll(() =>
        form.getByText('Набор, строка 2: количество — целое число от 1 до 100 000').isVisible(),
      )
      .toBe(true);
    const ammo = form.getByRole('textbox', { name: /^Количество: .*5\.56/ });
    expect(await ammo.getAttribute('aria-invalid')).toBe('true');
    await ammo.fill('256');
    // The refusal's toast gone, the editor as the admin sees it.
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Ошибка' }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    await showInDialog(form, form.getByRole('radio', { name: 'Предмет', exact: true }));
    await shot(page, 'admin-editor-390');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByText('Товар добавлен').first().isVisible()).toBe(true);
    const card = page.getByRole('article', { name: KIT });
    await expect.poll(() => card.getByText(/Набор · 4/).isVisible()).toBe(true);
    await context.close();
  });

  it('shows the admin the kit in its editor on a desktop', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    await openProductsTab(page);
    await page.getByRole('button', { name: `Редактировать товар ${KIT}` }).click();
    const form = page.getByRole('dialog', { name: 'Редактировать товар' });
    const lines = form.getByRole('list', { name: 'Предметы набора' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(4);
    expect(await form.getByRole('radio', { name: 'Набор предметов' }).isChecked()).toBe(true);
    await shot(page, 'admin-editor-1280');
    await context.close();
  });

  it('is seen by a player with what it holds, bought twice as one delivery', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    await topUpAndPay(page, 1000, 'bandit@example.com', 'Баланс: 1\u00a0100 ₽');
    await page.goto(`${journey.shop.url}/shop`);
    const card = page.getByRole('article', { name: KIT });
    await expect.poll(() => card.isVisible()).toBe(true);
    const contents = card.getByRole('list', { name: 'В наборе' });
    expect((await contents.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Штурмовая Винтовка ×1 Патроны 5\.56-мм ×256 Медицинский шприц ×5/,
    );
    expect(await card.getByText('и ещё 1 предмет').isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'card-390', card);
    // The demo's own kit is on the shelf too.
    expect(await page.getByRole('article', { name: 'Набор строителя' }).isVisible()).toBe(true);

    await card.getByRole('button', { name: `Купить ${KIT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Покупка ${KIT}` });
    await expect.poll(() => dialog.getByText('за набор').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Увеличить на один набор' }).click();
    await expect.poll(() => dialog.getByText('Всего: 2 набора').isVisible()).toBe(true);
    const inKit = dialog.getByRole('region', { name: /В наборе/ });
    await expect.poll(() => inKit.getByText('×512').isVisible()).toBe(true);
    expect(await inKit.getByText('×4', { exact: true }).isVisible()).toBe(true);
    await chooseDeliveryServer(dialog, SERVER);
    await shot(page, 'dialog-390');
    await dialog.getByRole('button', { name: 'Купить за 798 ₽' }).click();
    await expect.poll(() => page.getByText('Покупка успешна!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 302 ₽').isVisible()).toBe(true);

    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Заказы' }).click();
    const order = page.getByRole('article', { name: /^Заказ #/ }).first();
    await expect.poll(() => order.getByText(KIT).isVisible()).toBe(true);
    await expect
      .poll(() => order.getByText('Выдача: Выдано').isVisible(), { timeout: 30_000 })
      .toBe(true);
    // One job, each line in pieces of at most its stack: the game got every item of both kits.
    const given = new Map<string, number>();
    for (const gift of game.gifts(BANDIT))
      given.set(gift.shortname, (given.get(gift.shortname) ?? 0) + gift.amount);
    expect(Object.fromEntries(given)).toEqual({
      'rifle.ak': 2,
      'ammo.rifle': 512,
      'syringe.medical': 10,
      'explosive.timed': 4,
    });
    expect(Math.max(...game.gifts(BANDIT).map((gift) => gift.amount))).toBeLessThanOrEqual(128);
    await context.close();
  });

  it('looks right on a desktop too: the card and its purchase dialog', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    await page.goto(`${journey.shop.url}/shop`);
    const card = page.getByRole('article', { name: KIT });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'card-1280');
    await card.getByRole('button', { name: `Купить ${KIT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Покупка ${KIT}` });
    await expect.poll(() => dialog.getByText('за набор').isVisible()).toBe(true);
    await chooseDeliveryServer(dialog, SERVER);
    await shot(page, 'dialog-1280');
    await context.close();
  });
});
