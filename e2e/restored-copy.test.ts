import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { markRestoredCopy } from '../apps/server/src/modules/backups/shop-identity';
import { createPostgresTestDatabase } from '../apps/server/src/test-support/test-database';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

/**
 * A database `npm run restore` loaded, started as the shop: every page says it is a restored copy
 * that sells nothing, and the admin panel names the version it runs. (The restore's own step runs
 * here on an empty shop database before the shop starts; what the shop shows is the same.)
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
const journey = useShopAndBrowser({
  before: async () => {
    if (!postgresUrl) return;
    database = await createPostgresTestDatabase(postgresUrl);
    const restored = await openDatabase({ url: database.url });
    try {
      await markRestoredCopy(restored.db, { takenAt: new Date().toISOString() });
    } finally {
      await restored.close();
    }
  },
  after: async () => database?.drop(),
  get env(): Record<string, string> {
    return database ? { DATABASE_URL: database.url } : {};
  },
});

describe.skipIf(!postgresUrl)('a restored copy', () => {
  it('shows its banner on every page and the version in the admin panel', async () => {
    const context = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    const banner = page.getByRole('note').filter({ hasText: 'Восстановленная копия магазина' });
    const version = page.getByText(/Rust Shop, версия \d+\.\d+\.\d+/);
    for (const [viewport, name] of [
      [viewports.phone, 'restored-copy-390'],
      [viewports.desktop, 'restored-copy-1280'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/`);
      await expect.poll(() => banner.isVisible()).toBe(true);
      await page.goto(`${journey.shop.url}/admin`);
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await version.innerText()).toContain('восстановленная копия');
      await snapshot(page, name);
    }
    await context.close();
  });
});
