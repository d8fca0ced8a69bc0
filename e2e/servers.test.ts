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
    // The demo's servers have wiped and have schedules: each card says when, not SPEC's fixed text.
    const wipes = page.getByTestId('server-wipe');
    await expect.poll(() => wipes.count()).toBe(2);
    for (const text of await wipes.allInnerTexts())
      expect(text).toMatch(/^Вайп: .+ назад\s·\s+следующий через \d/);
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
    // Every account of the demo's sign-in page plays here and stays; bystanders come and go.
    for (const name of ['Nadya_Solo', 'Bandit_Kolya', 'Vasya Raider', 'Админ Демо']) {
      await expect.poll(() => dialog.getByText(name, { exact: true }).isVisible()).toBe(true);
    }
    const footer = dialog.getByText(/Всего игроков: \d+ \| Найдено: \d+/);
    const counts = async () => (await footer.innerText()).match(/\d+/g)?.map(Number) ?? [];
    await expect.poll(async () => (await counts())[0]).toBeGreaterThanOrEqual(5);
    await dialog.getByLabel('Поиск по нику').fill('nad');
    await expect.poll(async () => (await counts())[1]).toBe(1);
    expect(await dialog.getByText('Bandit_Kolya').count()).toBe(0);
    await snapshot(page, 'players-dialog-390');
    await context.close();
  });
});
