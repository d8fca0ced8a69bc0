import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { sidewaysOverflow } from './support/page-checks';

const journey = useShopAndBrowser();

/** The shop shares the machine with other work: each change gets a few seconds to show. */
const shows = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 15_000 }).toBe(true);

async function signedIn(
  browser: Browser,
  account: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page, journey.shop.url, account);
  return { context, page };
}

const tabNames = (page: Page) =>
  page.getByRole('tablist', { name: 'Разделы панели' }).getByRole('tab').allInnerTexts();

describe('staff roles', () => {
  it('the owner makes a player a moderator, who sees only chats, moderation and orders', async () => {
    // The player signs in once, so the owner can find the account.
    const first = await signedIn(journey.browser, 'Vasya Raider', viewports.desktop);
    await first.context.close();

    const owner = await signedIn(journey.browser, 'Админ Демо', viewports.desktop);
    await owner.page.goto(`${journey.shop.url}/admin?tab=users`);
    await owner.page.getByLabel('Поиск пользователей по имени или Steam ID').fill('Vasya');
    await owner.page.getByRole('button', { name: 'Роль: Vasya Raider' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Роль пользователя' });
    await dialog.getByLabel('Роль', { exact: true }).selectOption('admin');
    // An admin's set: the owner may leave some out.
    await shows(() => dialog.getByText('Разрешения администратора').isVisible());
    await snapshot(owner.page, 'admin-role-editor-1280');
    await dialog.getByLabel('Роль', { exact: true }).selectOption('moderator');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await shows(() => owner.page.getByText('Модератор', { exact: true }).first().isVisible());
    await owner.context.close();

    for (const [name, viewport] of [
      ['390', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      const { context, page } = await signedIn(journey.browser, 'Vasya Raider', viewport);
      await page.goto(`${journey.shop.url}/admin`);
      await shows(async () => (await tabNames(page)).length === 3);
      expect((await tabNames(page)).map((text) => text.trim())).toEqual([
        'Обзор',
        'Пользователи',
        'Чаты',
      ]);
      // The overview holds the latest orders only: no revenue, payments or journal.
      await shows(() => page.getByText('Последние заказы').first().isVisible());
      expect(await page.getByText('Выручка', { exact: true }).count()).toBe(0);
      expect(await page.getByText('Журнал', { exact: true }).count()).toBe(0);
      await snapshot(page, `admin-moderator-overview-${name}`);

      await page.getByRole('tab', { name: 'Пользователи' }).click();
      await page.getByLabel('Поиск пользователей по имени или Steam ID').fill('Lesnik');
      const row = page.getByRole('listitem').filter({ hasText: 'Lesnik' });
      await shows(() => row.getByRole('button', { name: 'Бан: Lesnik' }).isVisible());
      expect(await row.getByRole('button', { name: 'Выйти везде: Lesnik' }).count()).toBe(1);
      expect(await row.getByRole('button', { name: 'Изменить: Lesnik' }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'Роль: Lesnik' }).count()).toBe(0);
      // The owner's row: nothing that acts on them.
      await page.getByLabel('Поиск пользователей по имени или Steam ID').fill('Админ');
      await shows(() => page.getByText('Найдено: 1', { exact: true }).isVisible());
      const ownerRow = page.getByRole('listitem').filter({ hasText: 'Админ Демо' });
      await shows(() => ownerRow.getByRole('button', { name: 'Покупки: Админ Демо' }).isVisible());
      expect(await ownerRow.getByRole('button', { name: 'Бан: Админ Демо' }).count()).toBe(0);
      expect(await ownerRow.getByRole('button', { name: 'Выйти везде: Админ Демо' }).count()).toBe(
        0,
      );
      expect(await sidewaysOverflow(page)).toBe(0);
      await snapshot(page, `admin-moderator-users-${name}`);
      await context.close();
    }
  });
});
