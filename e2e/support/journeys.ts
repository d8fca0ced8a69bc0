import type { RustSimHandle } from '@shop/rust-sim';
import type { Browser, Locator, Page } from 'playwright-core';

/** Signs in the way a player does: «Войти», the Steam button, then the account on Steam's page. */
export async function signIn(page: Page, shopUrl: string, account: string): Promise<void> {
  await page.goto(shopUrl);
  await page.getByRole('link', { name: 'Войти', exact: true }).first().click();
  await page.waitForURL(/\/login$/);
  await page.getByRole('button', { name: 'Войти через Steam' }).click();
  await page.waitForURL(/\/api\/demo\/steam\/openid\/login/);
  await page.getByRole('button', { name: new RegExp(account) }).click();
  await page.waitForURL(
    (url) => url.pathname === '/' && !url.hash && !url.search.includes('token'),
  );
  // The page trades the sign-in code for its session right after wiping it from the address.
  await page.waitForFunction(() => localStorage.getItem('token') !== null);
}

/** Fills the top-up dialog from the header and goes on to the payment page. */
export async function startTopUp(page: Page, amount: number, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Пополнить баланс' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
  await dialog.getByLabel('Сумма, ₽').fill(String(amount));
  await dialog.getByLabel('Email для чека').fill(email);
  await dialog.getByRole('checkbox', { name: 'Подтверждаю правильность email' }).check();
  await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
  await page.waitForURL(/\/api\/demo\/freekassa\/pay/);
}

/** The session token the web app keeps, for API calls a test makes on the user's behalf. */
export function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** The demo admin adds a simulated game server in its own browser context, as an admin would. */
export async function addGameServerAsAdmin(
  browser: Browser,
  shopUrl: string,
  game: RustSimHandle,
  name: string,
): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, shopUrl, 'Админ Демо');
  const added = await fetch(`${shopUrl}/api/admin/servers`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name,
      ip: '127.0.0.1',
      port: 28015,
      rconPort: game.port,
      rconPassword: game.password,
    }),
  });
  await context.close();
  if (added.status !== 201) throw new Error(`adding the server failed: ${await added.text()}`);
}

/** A top-up paid on the demo payment page, waited for until the header shows the new balance. */
export async function topUpAndPay(page: Page, amount: number, email: string, balanceLabel: string) {
  await startTopUp(page, amount, email);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment-success/);
  await page.getByLabel(balanceLabel).waitFor();
}

/** Picks the delivery server in a purchase form by the start of its name (the option adds players). */
export async function chooseDeliveryServer(form: Locator, serverName: string): Promise<void> {
  const select = form.getByRole('combobox', { name: 'Сервер доставки' });
  const label = await select.locator('option', { hasText: serverName }).first().textContent();
  await select.selectOption({ label: label ?? serverName });
}
