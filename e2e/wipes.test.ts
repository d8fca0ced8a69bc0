import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { useShopAndBrowser } from './support/journey-setup';
import { sessionToken, signIn } from './support/journeys';
import { elementsPastRightEdge, sidewaysOverflow } from './support/page-checks';

const journey = useShopAndBrowser();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const smallPhone = { width: 360, height: 740 } as const;
/** A server of this test's own: no monitor-seen wipes, so its times are the ones set here. */
const SERVER = `Вайп-тест ${randomUUID().slice(0, 4)}`;
const BLOCKED = 'Рейд-набор после вайпа';

let adminToken: string;
let serverId: number;
/** When the server's schedule puts its next wipe: 2 d 4 h 30 min after the setup. */
let nextWipe: number;
/** The product on this test's sale: its own price and the sale's. */
let onSale: { name: string; price: number };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${journey.shop.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** '1 234 ₽' as the page writes it, compared without its (no-break) spaces. */
const roubles = (amount: number) =>
  `${Number.isInteger(amount) ? amount : amount.toFixed(2).replace('.', ',')}₽`;
const squeezed = (text: string | null) => (text ?? '').replace(/\s/g, '');

/**
 * The admin's setup, all through the API: a server that wiped 3 days 2 hours ago (marked by hand)
 * and wipes weekly, next 2 days 4.5 hours from now; a product sold only there and held back 100
 * hours after a wipe; and a 40 % sale on one product sold everywhere (above the demo's 30 %).
 */
beforeAll(async () => {
  const context = await journey.browser.newContext();
  const page = await context.newPage();
  await signIn(page, journey.shop.url, 'Админ Демо');
  adminToken = (await sessionToken(page)) ?? '';
  await context.close();

  const now = Date.now();
  nextWipe = now + 2 * DAY + 4.5 * HOUR;
  const next = new Date(nextWipe);
  const time = next.toISOString().slice(11, 16);
  ({ id: serverId } = await call<{ id: number }>('POST', '/admin/servers', {
    name: SERVER,
    ip: '127.0.0.1',
    port: 9,
    rconPort: 9,
    wipeSchedule: { every: 'week', weekday: next.getUTCDay(), time, timeZone: 'UTC' },
  }));
  await call('POST', `/admin/servers/${serverId}/wipes`, {
    at: new Date(now - 3 * DAY - 2 * HOUR).toISOString(),
  });
  await call('POST', '/admin/products', {
    name: BLOCKED,
    gameItemName: 'explosive.timed',
    category: 'weapons',
    price: 990,
    server: String(serverId),
    wipeBlockHours: 100,
  });

  const products = await call<
    {
      id: number;
      name: string;
      category: string;
      server: string;
      price: number;
      originalPrice: number | null;
    }[]
  >('GET', '/products');
  const product = products.find(
    (candidate) => candidate.server === 'all' && !['vip', 'resources'].includes(candidate.category),
  );
  if (!product) throw new Error('the demo sells no product on every server');
  onSale = { name: product.name, price: product.originalPrice ?? product.price };
  await call('POST', '/admin/sales', {
    name: 'Проверка зачёркнутой цены',
    percent: 40,
    target: { productIds: [product.id] },
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + DAY).toISOString(),
  });
});

/** The wipe line of this test's server card. */
const wipeLine = (page: Page) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: SERVER }) })
    .filter({ has: page.getByTestId('server-wipe') })
    .last()
    .getByTestId('server-wipe');

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
}

describe('wipe times', () => {
  it('shows when the server wiped and counts down to the next wipe, live, at 360 and 1280 px', async () => {
    const context = await journey.browser.newContext({ viewport: smallPhone, locale: 'ru-RU' });
    const page = await context.newPage();
    // The page's own clock, so the countdown can be moved on without waiting an hour for it.
    await page.clock.install({ time: new Date() });
    await page.goto(`${journey.shop.url}/servers`);
    const line = wipeLine(page);
    await expect
      .poll(() => line.innerText())
      .toMatch(/^Вайп: 3 дня назад\s·\s+следующий через 2 д 4 ч$/);
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'wipes-servers-360');

    await page.clock.fastForward('01:00:00');
    await expect.poll(() => line.innerText()).toMatch(/следующий через 2 д 3 ч$/);
    // Below a day the minutes show, and keep counting: 5 h 12.5 min before the wipe, then 2 min on.
    const servers = await call<{ id: number; nextWipeAt: string | null }[]>('GET', '/servers');
    const next = Date.parse(servers.find((server) => server.id === serverId)?.nextWipeAt ?? '');
    expect(Math.abs(next - nextWipe)).toBeLessThan(60_000);
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Math.round(next - pageNow - (5 * 60 + 12.5) * 60_000));
    await expect.poll(() => line.innerText()).toMatch(/следующий через 5 ч 13 мин$/);
    await page.clock.fastForward('02:00');
    await expect.poll(() => line.innerText()).toMatch(/следующий через 5 ч 11 мин$/);

    await page.setViewportSize(viewports.desktop);
    await expect.poll(() => line.isVisible()).toBe(true);
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'wipes-servers-1280');
    await context.close();
  });
});

describe('the shop during sales and wipe blocks', () => {
  it('strikes the old price through beside the discount, and holds back a product after a wipe', async () => {
    const context = await journey.browser.newContext({ viewport: smallPhone, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');
    await page.goto(`${journey.shop.url}/shop`);

    const card = page.getByRole('article', { name: onSale.name });
    await expect
      .poll(() => card.locator('del').textContent().then(squeezed))
      .toBe(roubles(onSale.price));
    expect(await card.getByText('−40 %').isVisible()).toBe(true);
    expect(squeezed(await card.innerText())).toContain(roubles(onSale.price * 0.6));
    expect(await card.getByText(/^Скидка ещё 2[34] ч/).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await snapshot(page, 'wipes-shop-sale-360');

    const blocked = page.getByRole('article', { name: BLOCKED });
    await expect
      .poll(() => blocked.getByText(/^Доступно через 1 д [12] ч$/).isVisible())
      .toBe(true);
    expect(await blocked.getByRole('button', { name: `Купить ${BLOCKED}` }).count()).toBe(0);
    await blocked.scrollIntoViewIfNeeded();
    await snapshot(page, 'wipes-shop-blocked-360');
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
