import { randomUUID } from 'node:crypto';
import { startRustSim, type RustSimHandle } from '@shop/rust-sim';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { addGameServerAsAdmin, sessionToken, signIn, topUpAndPay } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { elementsPastRightEdge, sidewaysOverflow } from './support/page-checks';

/** A game server of the test's own, where the player is not online: the RCON delivery waits. */
const SERVER = 'E2E | Held';
const HELD = 'Ожидает решения администратора';

let game: RustSimHandle;
const journey = useShopAndBrowser({
  before: async () => {
    game = await startRustSim({
      hostname: SERVER,
      players: [],
      consoleIntervalMs: null,
      chatIntervalMs: null,
    });
  },
  after: async () => game?.close(),
});

const shows = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 15_000 }).toBe(true);

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const reply = await fetch(`${journey.shop.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      'idempotency-key': randomUUID(),
    },
  });
  if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

describe('goods bought with a reversed top-up', () => {
  it('wait for the admin: the player sees why, the admin lists them and releases one', async () => {
    await addGameServerAsAdmin(journey.browser, journey.shop.url, game, SERVER);
    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    await topUpAndPay(player, 500, 'bandit@example.com', 'Баланс: 550 ₽');
    const token = (await sessionToken(player))!;
    const products = await api<Array<{ id: number; name: string }>>(token, '/api/products');
    const servers = await api<Array<{ id: number; name: string }>>(token, '/api/servers');
    await api(token, '/api/purchase', {
      method: 'POST',
      body: JSON.stringify({
        productId: products.find((product) => product.name === 'Патроны 5.56')!.id,
        serverId: servers.find((server) => server.name === SERVER)!.id,
        quantity: 128,
        expectedTotal: 39,
      }),
    });

    // The top-up is charged back.
    const adminContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    const adminToken = (await sessionToken(admin))!;
    const { payments } = await api<{ payments: Array<{ id: string }> }>(
      adminToken,
      '/api/admin/payments?q=Bandit_Kolya',
    );
    await api(adminToken, `/api/admin/payments/${payments[0]!.id}/reverse`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Чарджбэк по заявке банка' }),
    });

    // The player's order says why it does not arrive.
    await player.goto(`${journey.shop.url}/profile`);
    await player.getByRole('tab', { name: 'Заказы' }).click();
    const order = player.getByRole('article', { name: /^Заказ #/ }).first();
    await shows(() => order.getByText(HELD).first().isVisible());
    await snapshot(player, 'held-order-player-1280');

    // The admin sees it in the overview and decides.
    await admin.goto(`${journey.shop.url}/admin`);
    const held = admin.getByRole('table', { name: 'Удержанные заказы' });
    const row = held.getByRole('row').filter({ hasText: 'Bandit_Kolya' });
    await shows(() => row.isVisible());
    expect(await row.getByText('Патроны 5.56 × 128').isVisible()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await snapshot(admin, 'held-orders-admin-1280');
    await admin.setViewportSize(viewports.phone);
    await row.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(admin), (await elementsPastRightEdge(admin)).join('\n')).toBe(0);
    await snapshot(admin, 'held-orders-admin-390');
    await admin.setViewportSize(viewports.desktop);

    await row.getByRole('button', { name: 'Выдать' }).click();
    const question = admin.getByRole('alertdialog', { name: 'Выдать товары?' });
    await question.getByRole('button', { name: 'Выдать' }).click();
    await shows(() => admin.getByText('Заказ отпущен: товары будут выданы игроку').isVisible());
    await shows(() => admin.getByText('Удержанных заказов нет').isVisible());

    // Released: the player's order waits for the player to come online, no longer for the admin.
    await player.reload();
    await player.getByRole('tab', { name: 'Заказы' }).click();
    await shows(async () => (await order.getByText(HELD).count()) === 0);
    await adminContext.close();
    await playerContext.close();
  });
});
