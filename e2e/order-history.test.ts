import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { callShop, tokenOf } from './support/shop-api';

/** More orders than one page holds (100): the profile must reach the oldest by scrolling. */
const ORDERS = 130;
// The demo's plugin server: its deliveries take no RCON worker.
const SERVER = 'RUSTY | Solo/Duo/Trio x3';

const journey = useShopAndBrowser({
  // A regular buyer's months of purchases, made here in seconds.
  env: { PURCHASE_LIMIT_PER_MINUTE: '10000' },
});

describe("a player's whole order history", () => {
  it('loads older orders as the player scrolls the profile, down to the first one', async () => {
    const adminToken = await tokenOf(journey.browser, journey.shop.url, 'Админ Демо');
    const call = <T>(who: string, path: string, method?: string, body?: unknown) =>
      callShop<T>(journey.shop.url, who, path, method, body);

    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    const token = (await sessionToken(page))!;
    const me = await call<{ id: number }>(token, '/api/auth/profile');
    await call(adminToken, `/api/admin/users/${me.id}`, 'PUT', {
      balance: 10_000,
      previousBalance: 0,
      reason: 'Постоянный покупатель: история заказов',
    });
    const products = await call<Array<{ id: number; name: string }>>(token, '/api/products');
    const servers = await call<Array<{ id: number; name: string }>>(token, '/api/servers');
    const order = {
      productId: products.find((product) => product.name === 'Дерево')!.id,
      serverId: servers.find((server) => server.name === SERVER)!.id,
      quantity: 1000,
    };
    const placed: string[] = [];
    for (let index = 0; index < ORDERS; index += 1) {
      placed.push((await call<{ orderId: string }>(token, '/api/purchase', 'POST', order)).orderId);
    }

    await page.goto(`${journey.shop.url}/profile`);
    await page.getByRole('tab', { name: 'Заказы' }).click();
    const orders = page.getByRole('list', { name: 'Заказы' }).getByRole('article');
    await expect.poll(() => orders.count(), { timeout: 15_000 }).toBe(100);
    // Scrolling to the end brings the next page by itself, and the list ends with the first order.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 20_000);
          return orders.count();
        },
        { timeout: 20_000 },
      )
      .toBe(ORDERS);
    expect(await orders.last().textContent()).toContain(`#${placed[0]!.slice(0, 8)}`);
    expect(await orders.first().textContent()).toContain(`#${placed.at(-1)!.slice(0, 8)}`);
    expect(await page.getByRole('button', { name: 'Показать более ранние заказы' }).count()).toBe(
      0,
    );
    await orders.last().scrollIntoViewIfNeeded();
    await snapshot(page, 'order-history-end-390');
    await context.close();
  });
});
