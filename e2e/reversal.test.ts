import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { chooseDeliveryServer, sessionToken, signIn, topUpAndPay } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { elementsPastRightEdge, sidewaysOverflow } from './support/page-checks';

const journey = useShopAndBrowser();

const phone = { width: 360, height: 780 };
// The second demo server: the demo's after-wipe sale on the first one comes and goes with time.
const SERVER = 'RUSTY | Solo/Duo/Trio x3';
const REASON = 'Чарджбэк по заявке банка';
const DEBT =
  'Пополнение отменено администратором: долг 39 ₽. Пополните баланс, чтобы снова покупать.';

/** The shop's answer to a purchase the player's browser sends, with what the dialog would send. */
async function purchaseThroughApi(page: Page, productName: string) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const products = (await (
    await fetch(`${journey.shop.url}/api/products`, { headers })
  ).json()) as Array<{ id: number; name: string }>;
  const servers = (await (await fetch(`${journey.shop.url}/api/servers`)).json()) as Array<{
    id: number;
    name: string;
  }>;
  const response = await fetch(`${journey.shop.url}/api/purchase`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      productId: products.find((product) => product.name === productName)?.id,
      serverId: servers.find((server) => server.name === SERVER)?.id,
      quantity: 128,
    }),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('a reversed top-up', () => {
  it('is reversed by the admin in «Пополнения» with a reason; the player sees the red debt notice with the amount owed live, buying is refused with the debt named, and a new top-up clears the notice', async () => {
    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    await topUpAndPay(player, 500, 'bandit@example.com', 'Баланс: 550 ₽');
    // 39 ₽ of the top-up spent before it is taken back: that is what the player will owe.
    await player.goto(`${journey.shop.url}/shop`);
    await player.getByRole('button', { name: 'Купить Патроны 5.56' }).click();
    const buyDialog = player.getByRole('dialog', { name: 'Покупка Патроны 5.56' });
    await chooseDeliveryServer(buyDialog, SERVER);
    await buyDialog.getByRole('button', { name: 'Купить за 39 ₽' }).click();
    await expect.poll(() => player.getByLabel('Баланс: 511 ₽').isVisible()).toBe(true);
    await expect
      .poll(() => player.getByRole('status', { name: 'Соединение: подключено' }).isVisible())
      .toBe(true);
    await player.evaluate(() => {
      window.notReloaded = true;
    });

    const adminContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    await admin.goto(`${journey.shop.url}/admin`);
    await admin.getByLabel('Поиск пополнений').fill('Bandit_Kolya');
    const payments = admin.getByRole('table', { name: 'Пополнения', exact: true });
    const row = payments.getByRole('row').filter({ hasText: 'Bandit_Kolya' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByText('500 ₽').isVisible()).toBe(true);
    expect(await row.getByText('Оплачено').isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Отменить пополнение' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Отменить пополнение' });
    expect(await dialog.getByText(/Bandit_Kolya · 500 ₽ \+ бонус 50 ₽/).isVisible()).toBe(true);
    // No reason, no reversal.
    await dialog.getByRole('button', { name: 'Отменить пополнение' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText('Укажите причину отмены пополнения (не короче 3 символов)')
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await player.getByLabel('Баланс: 511 ₽').isVisible()).toBe(true);
    await dialog.getByLabel('Причина').fill(REASON);
    await snapshot(admin, 'reversal-dialog-1280');
    await admin.setViewportSize(phone);
    expect(await sidewaysOverflow(admin), (await elementsPastRightEdge(admin)).join('\n')).toBe(0);
    await snapshot(admin, 'reversal-dialog-360');
    await admin.setViewportSize(viewports.desktop);
    await dialog.getByRole('button', { name: 'Отменить пополнение' }).click();
    await expect
      .poll(() =>
        admin.getByText('Пополнение отменено: с баланса игрока списано 550 ₽.').first().isVisible(),
      )
      .toBe(true);
    await expect.poll(() => row.getByText('Отменено: −550 ₽').isVisible()).toBe(true);
    expect(await row.getByText(new RegExp(`администратор, .*: ${REASON}`)).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Отменить пополнение' }).count()).toBe(0);
    await adminContext.close();

    // The player's open page learns of it without a reload: the red notice and the debt in the header.
    const notice = player.getByRole('alert').filter({ hasText: DEBT });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => player.getByLabel(/^Баланс: .39 ₽ \(долг\)$/).isVisible()).toBe(true);
    expect(await player.evaluate(() => window.notReloaded)).toBe(true);
    const [red, green, blue] = await notice.evaluate((element) => {
      // The computed colour may be in any CSS colour space: a canvas turns it into RGB.
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b] as const;
    });
    expect(red).toBeGreaterThan(green * 2);
    expect(red).toBeGreaterThan(blue * 2);
    await player.evaluate(() => window.scrollTo(0, 0));
    await snapshot(player, 'debt-notice-1280');
    await player.setViewportSize(phone);
    expect(await sidewaysOverflow(player), (await elementsPastRightEdge(player)).join('\n')).toBe(
      0,
    );
    await player.evaluate(() => window.scrollTo(0, 0));
    await snapshot(player, 'debt-notice-360');
    await player.setViewportSize(viewports.desktop);

    // Buying is refused, and the refusal names the debt.
    await player.getByRole('button', { name: 'Купить Патроны 5.56' }).click();
    await chooseDeliveryServer(buyDialog, SERVER);
    await buyDialog.getByRole('button', { name: 'Купить за 39 ₽' }).click();
    const toast = player.locator('[data-sonner-toast]').filter({ hasText: DEBT });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.getByText('Не удалось выполнить покупку').isVisible()).toBe(true);
    const refused = await purchaseThroughApi(player, 'Патроны 5.56');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DEBT);
    expect(await player.getByLabel(/^Баланс: .39 ₽ \(долг\)$/).isVisible()).toBe(true);

    // A new top-up repays the debt: 500 ₽ and its 50 ₽ bonus less the 39 ₽ owed.
    await player.goto(`${journey.shop.url}/shop`);
    await topUpAndPay(player, 500, 'bandit@example.com', 'Баланс: 511 ₽');
    await expect.poll(() => player.getByRole('alert').filter({ hasText: /долг/ }).count()).toBe(0);
    await player.goto(`${journey.shop.url}/shop`);
    await expect.poll(() => player.getByLabel('Баланс: 511 ₽').isVisible()).toBe(true);
    expect(await player.getByRole('alert').filter({ hasText: /долг/ }).count()).toBe(0);
    await playerContext.close();
  });
});
