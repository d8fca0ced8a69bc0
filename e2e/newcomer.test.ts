import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { chooseDeliveryServer, signIn, startTopUp } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const CLASSIC = 'RUSTY | Classic x2';
const PLUGIN = 'RUSTY | Solo/Duo/Trio x3';
const QUESTION = 'Привет! Дерево пришло, а когда ближайший вайп на Classic?';
const ANSWER = 'Здравствуйте! Вайп на Classic в четверг в 18:00 по Москве.';

const journey = useShopAndBrowser();

/** A step as a person sees it on a phone (390 px) and on a desktop (1280 px). */
async function bothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const [width, size] of [
    [390, viewports.phone],
    [1280, viewports.desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await snapshot(page, `newcomer-${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** Scrolls so that `target` sits just below the sticky header, for a picture of what follows it. */
async function scrollBelowHeader(page: Page, target: Locator): Promise<void> {
  await target.evaluate((node) =>
    window.scrollTo({
      top: node.getBoundingClientRect().top + window.scrollY - 90,
      behavior: 'instant',
    }),
  );
}

async function buy(page: Page, product: string, server: string, price: string): Promise<void> {
  await page.goto(`${journey.shop.url}/shop`);
  await page.getByRole('button', { name: `Купить ${product}` }).click();
  const dialog = page.getByRole('dialog', { name: `Покупка ${product}` });
  await chooseDeliveryServer(dialog, server);
  await dialog.getByRole('button', { name: `Купить за ${price}` }).click();
  await expect.poll(() => page.getByText('Покупка успешна!').first().isVisible()).toBe(true);
}

/** The order card of the profile's «Заказы» tab that names this server. */
const orderOn = (page: Page, server: string) =>
  page.getByRole('article', { name: /^Заказ #/ }).filter({ hasText: `Сервер: ${server}` });

describe('a newcomer’s first ten minutes in the demo', () => {
  it('tops up, buys on both servers, gets both delivered, asks support; the admin sees the sale and answers', async () => {
    // The visitor on a phone: the demo's sign-in, as anyone who clones the shop sees it.
    const player = await journey.browser.newContext({ viewport: viewports.phone, locale: 'ru-RU' });
    const page = await player.newPage();
    await signIn(page, journey.shop.url, 'Nadya_Solo');
    await bothWidths(page, 'signed-in');

    await startTopUp(page, 500, 'nadya@example.com');
    await bothWidths(page, 'payment-page');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/payment-success/);
    await expect.poll(() => page.getByText('Платеж успешен!').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 550 ₽').first().isVisible()).toBe(true);
    await bothWidths(page, 'paid');

    // One purchase on each demo server: the plugin server first, its world save comes last.
    // At the demo's running sales: resources −20 % everywhere (25 → 20 ₽), and −30 % on Classic
    // in the day after its wipe, the better of the two there (59 → 41,30 ₽).
    await buy(page, 'Дерево', PLUGIN, '20 ₽');
    await buy(page, 'Металлолом', CLASSIC, '41,30 ₽');
    await expect.poll(() => page.getByLabel('Баланс: 488,70 ₽').first().isVisible()).toBe(true);

    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Заказы' }).click();
    // Given within seconds on both: over RCON at once, by the plugin before its world save.
    await expect
      .poll(() => orderOn(page, CLASSIC).getByText('Выдача: Выдано').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(
        () =>
          orderOn(page, PLUGIN)
            .getByText(/^Выдача: Выдано/)
            .isVisible(),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await expect.poll(() => orderOn(page, CLASSIC).getByText('Завершён').isVisible()).toBe(true);
    await bothWidths(page, 'orders-given');

    // A question to support from the widget.
    await page.getByRole('button', { name: /^Открыть чат поддержки/ }).click();
    const panel = page.getByRole('dialog', { name: 'Техподдержка' });
    await panel.getByRole('textbox', { name: 'Сообщение' }).fill(QUESTION);
    await panel.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => panel.getByText(QUESTION).isVisible()).toBe(true);
    await bothWidths(page, 'support-asked');
    await panel.getByRole('button', { name: 'Закрыть чат' }).click();

    // The admin on a desktop: a month of the shop's life, and this sale among today's.
    const staff = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const admin = await staff.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    await admin.goto(`${journey.shop.url}/admin`);
    const revenue = admin.getByRole('group', { name: 'Выручка' });
    await expect.poll(() => revenue.getByText(/оплаченн/).isVisible()).toBe(true);
    const latest = admin.getByRole('table', { name: /Последние заказы/ });
    await expect.poll(() => latest.getByText('Nadya_Solo').first().isVisible()).toBe(true);
    expect(await admin.getByText('Нет данных о платежах').count()).toBe(0);
    const chart = admin.getByRole('img', { name: /^Выручка за 30 дней/ });
    expect(await chart.count()).toBe(1);
    await bothWidths(admin, 'admin-overview');
    await scrollBelowHeader(admin, admin.getByRole('heading', { name: 'Выручка по дням' }));
    await bothWidths(admin, 'admin-charts');

    await admin.getByRole('tab', { name: 'Чаты' }).click();
    const chat = admin
      .getByRole('list', { name: 'Чаты' })
      .getByRole('button', { name: /^Nadya_Solo/ });
    await expect.poll(() => chat.isVisible(), { timeout: 10_000 }).toBe(true);
    await chat.click();
    const conversation = admin.getByRole('region', { name: 'Переписка с Nadya_Solo' });
    await expect.poll(() => conversation.getByText(QUESTION).isVisible()).toBe(true);
    const reply = conversation.getByRole('textbox', { name: 'Сообщение' });
    await reply.fill(ANSWER);
    await reply.press('Enter');
    await expect.poll(() => conversation.getByText(ANSWER).isVisible()).toBe(true);
    await scrollBelowHeader(admin, admin.getByRole('tablist', { name: 'Фильтр чатов' }));
    await bothWidths(admin, 'admin-chat');

    // The answer reaches the player live, and by now the plugin server's world save has settled
    // the second order too.
    const marked = page.getByRole('button', { name: 'Открыть чат поддержки: новый ответ' });
    await expect.poll(() => marked.isVisible(), { timeout: 10_000 }).toBe(true);
    await marked.click();
    await expect.poll(() => panel.getByText(ANSWER).isVisible()).toBe(true);
    await bothWidths(page, 'support-answered');
    await panel.getByRole('button', { name: 'Закрыть чат' }).click();
    await expect
      .poll(() => orderOn(page, PLUGIN).getByText('Завершён').isVisible(), { timeout: 90_000 })
      .toBe(true);
    expect(await orderOn(page, PLUGIN).getByText('Выдача: Выдано').isVisible()).toBe(true);
    await bothWidths(page, 'orders-done');

    await staff.close();
    await player.close();
  }, 240_000);
});
