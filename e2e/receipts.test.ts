import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { sidewaysOverflow } from './support/page-checks';

// 54-ФЗ receipts on, against the demo's YooKassa stand-in.
const journey = useShopAndBrowser({
  env: { YOOKASSA_RECEIPTS: '54fz', YOOKASSA_TAX_SYSTEM: '2', YOOKASSA_VAT_CODE: '1' },
});

const SERVER = 'RUSTY | Solo/Duo/Trio x3';

/** A call the player's own session makes, as the web app would. */
async function asPlayer<T = Record<string, unknown>>(
  page: Page,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${journey.shop.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('fiscal receipts', () => {
  it('shows the admin a YooKassa top-up’s advance and the settlement of the order it paid for, in «Чеки»', async () => {
    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    const created = await asPlayer(player, '/payments/create', {
      amount: 500,
      method: 'yookassa',
      paymentSystemId: 'bank_card',
      email: 'bandit@example.com',
    });
    await player.goto(String(created.url));
    await player.getByRole('button', { name: 'Оплатить' }).click();
    await player.waitForURL(/\/payment-success/);
    await expect.poll(() => player.getByLabel('Баланс: 550 ₽').isVisible()).toBe(true);

    // Two products in one order, paid from the balance.
    const products = await asPlayer<
      Array<{
        id: number;
        price: number;
        quantity: number;
        server: string;
        vipTier: string | null;
        availableAt: string | null;
      }>
    >(player, '/products');
    const servers = (await (await fetch(`${journey.shop.url}/api/servers`)).json()) as Array<{
      id: number;
      name: string;
    }>;
    const cheap = products
      .filter((p) => p.price <= 100 && p.server === 'all' && !p.vipTier && !p.availableAt)
      .slice(0, 2);
    expect(cheap).toHaveLength(2);
    for (const product of cheap) {
      await asPlayer(player, '/cart', { productId: product.id, quantity: product.quantity });
    }
    // The second demo server: the demo's after-wipe sale on the first one comes and goes with time.
    const server = servers.find((candidate) => candidate.name === SERVER)!;
    await asPlayer(player, '/cart/purchase', { serverId: server.id });
    await playerContext.close();

    for (const [viewport, name] of [
      [viewports.desktop, 'admin-receipts-1280'],
      [viewports.phone, 'admin-receipts-390'],
    ] as const) {
      const adminContext = await journey.browser.newContext({ viewport, locale: 'ru-RU' });
      const admin = await adminContext.newPage();
      await signIn(admin, journey.shop.url, 'Админ Демо');
      await admin.goto(`${journey.shop.url}/admin`);
      await admin.getByLabel('Поиск пополнений').fill('Bandit_Kolya');
      const row = admin
        .getByRole('table', { name: 'Пополнения', exact: true })
        .getByRole('row')
        .filter({ hasText: 'Bandit_Kolya' });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await sidewaysOverflow(admin)).toBe(0);
      await row.scrollIntoViewIfNeeded();
      await snapshot(admin, `${name}-table`);
      await row.getByRole('button', { name: 'Чеки' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Чеки пополнения' });
      await expect
        .poll(() => dialog.getByText('Чеки по 54-ФЗ через ЮKassa.').isVisible())
        .toBe(true);
      // The leader registers them within its 15-second round; the open dialog follows.
      await expect
        .poll(() => dialog.getByText('Зачёт аванса (покупка)').isVisible(), { timeout: 60_000 })
        .toBe(true);
      await expect
        .poll(() => dialog.getByText('Зарегистрирован').count(), { timeout: 60_000 })
        .toBe(2);
      expect(await dialog.getByText('Аванс (пополнение)').isVisible()).toBe(true);
      expect(await dialog.getByText(/^500 ₽ · /).isVisible()).toBe(true);
      expect(await sidewaysOverflow(admin)).toBe(0);
      await snapshot(admin, name);
      await adminContext.close();
    }
  }, 180_000);
});
