import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { elementsPastRightEdge, sidewaysOverflow } from './support/page-checks';

const PLAYER_STEAM_ID = '76561198000000002'; // Bandit_Kolya on the demo sign-in page
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-admin-'));

/**
 * The shop's history before it starts: the player and four others who joined days ago, three paid
 * orders (1 000 ₽: 500 today, 300 two days ago, 200 ten days ago) and two top-ups today.
 */
async function seed() {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  await db.execute(sql`insert into users (steam_id, username, joined_at) values
    (${PLAYER_STEAM_ID}, 'Bandit_Kolya', now() - interval '5 days'),
    ('76561198000000101', 'Seed One', now() - interval '3 days'),
    ('76561198000000102', 'Seed Two', now() - interval '3 days'),
    ('76561198000000103', 'Seed Three', now() - interval '3 days'),
    ('76561198000000104', 'Seed Four', now() - interval '3 days')`);
  await db.execute(sql`insert into orders (user_id, server_id, total_kopecks, status, created_at)
    select id, 1, amount, 'completed', now() - age from users,
      (values (50000, interval '1 minute'), (30000, interval '2 days'), (20000, interval '10 days'))
        as o(amount, age)
    where steam_id = ${PLAYER_STEAM_ID}`);
  await db.execute(sql`insert into payments (user_id, amount_kopecks, method, email, status, paid_at)
    select id, amount, 'kassa', 'bandit@example.com', 'paid', now() - interval '1 minute'
    from users, (values (100000), (50000)) as p(amount) where steam_id = ${PLAYER_STEAM_ID}`);
  await database.close();
}

const journey = useShopAndBrowser({
  before: seed,
  env: { DATA_DIR: dataDir },
  after: async () => rmSync(dataDir, { recursive: true, force: true }),
});

async function adminPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page, journey.shop.url, 'Админ Демо');
  await page.goto(`${journey.shop.url}/admin`);
  return { context, page };
}

/** The shop shares the machine with other work: each live change gets a few seconds to show. */
const shows = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 15_000 }).toBe(true);

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('admin panel', () => {
  it('shows the seeded figures, then finds a player by Steam ID and sets the balance, live on the player’s page', async () => {
    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    await shows(() => player.getByRole('status', { name: 'Соединение: подключено' }).isVisible());
    await shows(() => player.getByLabel('Баланс: 0 ₽').isVisible());
    await player.evaluate(() => {
      window.notReloaded = true;
    });

    const { context, page } = await adminPage(journey.browser, viewports.desktop);
    const users = card(page, 'Пользователи');
    await shows(() => users.getByText('6', { exact: true }).isVisible());
    expect(await users.getByText('+1 за сегодня').isVisible()).toBe(true);
    const revenue = card(page, 'Выручка');
    await shows(() => revenue.getByText('1 000 ₽').first().isVisible());
    expect(await revenue.getByText(/^3 оплаченных заказа за всё время/).isVisible()).toBe(true);
    expect(await revenue.getByText('500 ₽').first().isVisible()).toBe(true);
    const payments = page.getByRole('table', { name: 'Пополнения по дням' });
    await shows(() => payments.getByText('1 500 ₽').isVisible());
    expect(await page.getByRole('img', { name: /Выручка за 30 дней: 1 000 ₽/ }).isVisible()).toBe(
      true,
    );
    await snapshot(page, 'admin-overview-1280');

    await page.getByRole('tab', { name: 'Пользователи' }).click();
    await page.getByLabel('Поиск пользователей по имени или Steam ID').fill(PLAYER_STEAM_ID);
    const list = page.getByRole('list', { name: 'Пользователи' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await list.getByRole('button', { name: 'Изменить: Bandit_Kolya' }).click();
    const dialog = page.getByRole('dialog', { name: 'Редактировать пользователя' });
    await dialog.getByLabel('Баланс, ₽').fill('750');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await shows(() => dialog.getByText('Укажите причину изменения баланса').first().isVisible());
    await dialog.getByLabel('Причина').fill('Компенсация по обращению');
    await snapshot(page, 'admin-user-edit-1280');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await shows(() => page.getByText('Пользователь обновлен').isVisible());
    await shows(() => list.getByText('750 ₽').isVisible());
    await snapshot(page, 'admin-users-1280');

    await shows(() => player.getByLabel('Баланс: 750 ₽').isVisible());
    expect(await player.evaluate(() => window.notReloaded)).toBe(true);
    await playerContext.close();

    await page.getByRole('tab', { name: 'Обзор' }).click();
    const log = page.getByRole('table', { name: /Журнал действий/ });
    await shows(() => log.getByText('Компенсация по обращению').isVisible());
    await shows(() => page.getByText(/Цепочка цела/).isVisible());
    await page.getByRole('button', { name: 'Проверить всю цепочку' }).click();
    await shows(() => page.getByText(/Цепочка цела \(проверена целиком\)/).isVisible());
    await log.scrollIntoViewIfNeeded();
    await snapshot(page, 'admin-journal-1280');

    // A ban on every server at once shows what each game server answered.
    await page.getByRole('tab', { name: 'Пользователи' }).click();
    await page.getByRole('button', { name: 'Бан: Bandit_Kolya' }).click();
    const ban = page.getByRole('dialog', { name: 'Бан на сервере' });
    await ban.getByRole('combobox', { name: 'Сервер' }).click();
    await page.getByRole('option', { name: 'Все серверы' }).click();
    await ban.getByRole('textbox', { name: 'Причина' }).fill('Читы "aimbot"; say hi');
    await ban.getByRole('button', { name: 'Забанить' }).click();
    const answers = ban.getByRole('list', { name: 'Ответы серверов' });
    await expect.poll(() => answers.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await shows(() =>
      answers
        .getByText(/banned User/i)
        .first()
        .isVisible(),
    );
    await snapshot(page, 'admin-ban-1280');
    await context.close();
  });

  it('says in an informational toast that a chat list is empty (SPEC §8)', async () => {
    const { context, page } = await adminPage(journey.browser, viewports.desktop);
    await page.getByRole('tab', { name: 'Чаты' }).click();
    const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
    await shows(() => toast('Нет неотвеченных чатов').isVisible());
    await page.getByRole('tab', { name: /^Закрытые/ }).click();
    await shows(() => toast('Нет закрытых чатов').isVisible());
    await context.close();
  });

  it('fits a small phone', async () => {
    const { context, page } = await adminPage(journey.browser, { width: 360, height: 780 });
    await shows(() => card(page, 'Выручка').getByText('1 000 ₽').first().isVisible());
    await snapshot(page, 'admin-overview-360');
    await page.getByRole('tab', { name: 'Пользователи' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Пользователи' }).getByRole('listitem').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await snapshot(page, 'admin-users-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // A plugin key shown in full is one long word: it must not widen a server card past the screen.
    await page.getByRole('tab', { name: 'Серверы' }).click();
    const showKey = page.getByRole('button', { name: 'Показать ключ плагина' }).first();
    const plugin = page.getByRole('group', { name: /^Плагин/ }).first();
    await shows(() => showKey.isVisible());
    await showKey.click();
    await shows(() => plugin.isVisible());
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    await snapshot(page, 'admin-servers-360');
    // So must the column names of the import files on «Данные».
    await page.getByRole('tab', { name: 'Данные' }).click();
    await shows(() => page.getByRole('heading', { name: 'Импорт товаров' }).isVisible());
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    await context.close();
  });
});
