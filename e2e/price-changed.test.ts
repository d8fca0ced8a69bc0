import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { chooseDeliveryServer, sessionToken, signIn, topUpAndPay } from './support/journeys';
import { callShop, tokenOf } from './support/shop-api';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();
/** The demo's plugin server: no wipe sale of its own, so the price is the product's or the test's sale. */
const SERVER = 'RUSTY | Solo/Duo/Trio x3';
const PRODUCT = 'Патроны 5.56';
const CHANGED = /Цена изменилась: было 19,50 ₽, стало 39 ₽/;

const shows = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 15_000 }).toBe(true);

/** The admin's API, as the panel calls it: a 50 % sale on one product, and its early end. */
async function adminApi(token: string) {
  const call = <T>(path: string, method?: string, body?: unknown) =>
    callShop<T>(journey.shop.url, token, path, method, body);
  const products = await call<Array<{ id: number; name: string }>>('/api/products');
  const productId = products.find((product) => product.name === PRODUCT)!.id;
  return {
    productId,
    async startSale(): Promise<number> {
      const sale = await call<{ id: number }>('/api/admin/sales', 'POST', {
        name: 'Полцены на патроны',
        percent: 50,
        target: { productIds: [productId] },
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      return sale.id;
    },
    endSale: (id: number) => call(`/api/admin/sales/${id}`, 'DELETE'),
    /** Another owner's name and colours: the notice must read under any of them. */
    rebrand: () =>
      call('/api/admin/site', 'PUT', {
        name: 'Тайга',
        colors: { primary: '#2a9d8f', overlayPercent: 55 },
      }),
  };
}

const adminToken = () => tokenOf(journey.browser, journey.shop.url, 'Админ Демо');

async function player(viewport: { width: number; height: number }): Promise<Page> {
  const context = await journey.browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page, journey.shop.url, 'Bandit_Kolya');
  return page;
}

describe('the price the player saw is the price charged', () => {
  it('the product dialog shows the new total and asks again when a sale ended before the click', async () => {
    const admin = await adminApi(await adminToken());
    const sale = await admin.startSale();
    const page = await player(viewports.desktop);
    await topUpAndPay(page, 500, 'bandit@example.com', 'Баланс: 550 ₽');

    await page.goto(`${journey.shop.url}/shop`);
    await page.getByRole('button', { name: `Купить ${PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Покупка ${PRODUCT}` });
    await chooseDeliveryServer(dialog, SERVER);
    await shows(() => dialog.getByRole('button', { name: 'Купить за 19,50 ₽' }).isVisible());

    await admin.endSale(sale);
    await dialog.getByRole('button', { name: 'Купить за 19,50 ₽' }).click();
    // Nothing charged: the dialog stays, names the change, and offers the new total.
    await shows(() => dialog.getByRole('alert').getByText(CHANGED).isVisible());
    await shows(() => dialog.getByRole('button', { name: 'Купить за 39 ₽' }).isVisible());
    // The dialog read the catalogue again: the sale's badge is gone from its price too.
    await shows(async () => (await dialog.getByText(/−50\s%/).count()) === 0);
    expect(await page.getByLabel('Баланс: 550 ₽').isVisible()).toBe(true);
    await snapshot(page, 'price-changed-dialog-1280');
    await page.setViewportSize(viewports.phone);
    await dialog.getByRole('alert').scrollIntoViewIfNeeded();
    await snapshot(page, 'price-changed-dialog-390');

    await dialog.getByRole('button', { name: 'Купить за 39 ₽' }).click();
    await shows(() => page.getByText('Покупка успешна!').first().isVisible());
    await shows(() => page.getByLabel('Баланс: 511 ₽').isVisible());
    await page.context().close();
  });

  it('the cart shows the new total and asks again, on a phone, under another owner', async () => {
    const admin = await adminApi(await adminToken());
    await admin.rebrand();
    const sale = await admin.startSale();
    const page = await player(viewports.phone);
    await callShop(journey.shop.url, (await sessionToken(page))!, '/api/cart', 'POST', {
      productId: admin.productId,
      quantity: 128,
    });

    await page.goto(`${journey.shop.url}/cart`);
    await chooseDeliveryServer(page.locator('main'), SERVER);
    const buy = (total: string) => page.getByRole('button', { name: `Купить за ${total}` });
    await shows(() => buy('19,50 ₽').isVisible());
    await admin.endSale(sale);
    await buy('19,50 ₽').click();
    await shows(() => page.getByRole('alert').getByText(CHANGED).isVisible());
    await shows(() => buy('39 ₽').isVisible());
    await buy('39 ₽').scrollIntoViewIfNeeded();
    expect(await page.title()).toBe('Тайга');
    await snapshot(page, 'price-changed-cart-390');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('alert').getByText(CHANGED).scrollIntoViewIfNeeded();
    await snapshot(page, 'price-changed-cart-1280');
    await buy('39 ₽').click();
    await shows(() => page.getByText('Покупка успешна!').first().isVisible());
    await page.context().close();
  });
});
