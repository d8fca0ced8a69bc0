import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn, startTopUp } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

describe('topping up the balance', () => {
  it('pays 500 ₽ on the payment page, credits 550 ₽ live in another tab, and lists both ledger rows', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    // A second tab of the same player, left open: it must learn of the credit without a reload.
    const watcher = await context.newPage();
    await watcher.goto(journey.shop.url);
    await expect
      .poll(() => watcher.getByRole('status', { name: 'Соединение: подключено' }).isVisible())
      .toBe(true);
    await expect.poll(() => watcher.getByLabel('Баланс: 0 ₽').isVisible()).toBe(true);
    await watcher.evaluate(() => {
      window.notReloaded = true;
    });

    await startTopUp(page, 500, 'bandit@example.com');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/payment-success/);
    await expect.poll(() => page.getByText('Платеж успешен!').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 550 ₽').isVisible()).toBe(true);

    await expect.poll(() => watcher.getByLabel('Баланс: 550 ₽').isVisible()).toBe(true);
    expect(await watcher.evaluate(() => window.notReloaded)).toBe(true);

    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Транзакции' }).click();
    await expect.poll(() => page.getByText('Пополнение баланса').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Бонус 10% к пополнению').isVisible()).toBe(true);
    await snapshot(page, 'transactions-1280');
    await context.close();
  });

  it('returns to the cancelled page and changes nothing when the player cancels', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');
    await startTopUp(page, 100, 'vasya@example.com');
    await snapshot(page, 'demo-payment-390');
    await page.getByRole('button', { name: 'Отменить' }).click();
    await page.waitForURL(/\/payment-cancel/);
    await expect.poll(() => page.getByText('Платеж отменен').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 0 ₽').first().isVisible()).toBe(true);
    await context.close();
  });

  it("states the bonus from the cart's very first top-up, as the dialog from the header does", async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Nadya_Solo');
    await page.goto(`${journey.shop.url}/shop`);
    await page.getByRole('button', { name: 'Купить Патроны 5.56' }).click();
    await page
      .getByRole('dialog', { name: 'Покупка Патроны 5.56' })
      .getByRole('button', { name: 'В корзину' })
      .click();
    await expect.poll(() => page.getByText('Товар добавлен в корзину').isVisible()).toBe(true);

    // A fresh page: the top-up dialog has not been opened before, from anywhere.
    await page.goto(`${journey.shop.url}/cart`);
    await page.getByRole('button', { name: /^Пополнить на 1\s000 ₽$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    await expect.poll(() => dialog.getByLabel('Сумма, ₽').inputValue()).toBe('1000');
    const bonus = dialog.getByText(/Бонус \+10%: \+100 ₽ · будет зачислено 1\s100 ₽/);
    await expect.poll(() => bonus.isVisible()).toBe(true);
    await snapshot(page, 'cart-top-up-first-open-390');
    await context.close();
  });
});
