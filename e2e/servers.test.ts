import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

const CLASSIC = 'RUSTY | Classic x2';
const TRIO = 'RUSTY | Solo/Duo/Trio x3';

describe('Servers page', () => {
  it('shows the live simulated servers with players, map and fill', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/servers`);
    await expect.poll(() => page.getByText(CLASSIC).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(TRIO).isVisible()).toBe(true);
    const classic = page.locator('article, section, div').filter({ hasText: CLASSIC }).last();
    await expect.poll(() => classic.getByText('Онлайн').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Procedural Map').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Barren').first().isVisible()).toBe(true);
    expect(await page.getByText('Вайп: 1-й четверг месяца').count()).toBe(2);
    await snapshot(page, 'servers-1280');
    await context.close();
  });

  it('lists and searches the players of a server for a signed-in player', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');
    await page.goto(`${journey.shop.url}/servers`);
    await page.getByRole('button', { name: `Игроки на сервере ${TRIO}` }).click();

    const dialog = page.getByRole('dialog', { name: TRIO });
    await expect.poll(() => dialog.getByText('Nadya_Solo').isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByText(/Всего игроков: 3 \| Найдено: 3/).isVisible())
      .toBe(true);
    await dialog.getByLabel('Поиск по нику').fill('nad');
    await expect
      .poll(() => dialog.getByText(/Всего игроков: 3 \| Найдено: 1/).isVisible())
      .toBe(true);
    expect(await dialog.getByText('Kirill_x3').count()).toBe(0);
    await snapshot(page, 'players-dialog-390');
    await context.close();
  });
});
