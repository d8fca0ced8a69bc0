import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { settleRestoredDatabase } from '../apps/server/src/modules/backups/restore-aftermath';
import { createPostgresTestDatabase } from '../apps/server/src/test-support/test-database';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

/**
 * After `npm run restore` the owner is told which game servers still carry the backup's plugin key.
 * The restore's own step runs on the shop's PostgreSQL database while the shop serves it (the
 * command itself runs with the shop stopped; what the panel shows is the same).
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
const journey = useShopAndBrowser({
  before: async () => {
    if (postgresUrl) database = await createPostgresTestDatabase(postgresUrl);
  },
  after: async () => database?.drop(),
  get env(): Record<string, string> {
    return database ? { DATABASE_URL: database.url } : {};
  },
});

describe.skipIf(!postgresUrl)('a restored shop', () => {
  it('shows the owner a banner naming the servers that need a new plugin key, until each has one', async () => {
    const restored = await openDatabase({ url: database!.url, migrations: 'none' });
    try {
      await settleRestoredDatabase(restored.db, { takenAt: new Date().toISOString() });
    } finally {
      await restored.close();
    }
    const context = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    const banner = page.getByRole('alert').filter({ hasText: 'выпустите новые ключи плагина' });
    for (const [viewport, name] of [
      [viewports.phone, 'restored-keys-390'],
      [viewports.desktop, 'restored-keys-1280'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/admin`);
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toContain('«RUSTY | Classic x2»');
      await snapshot(page, name);
    }
    // A new key for every server: the banner goes.
    await page.getByRole('tab', { name: 'Серверы' }).click();
    const keys = page.getByRole('button', { name: 'Новый ключ' });
    await expect.poll(() => keys.count()).toBeGreaterThan(0);
    const count = await keys.count();
    for (let index = 0; index < count; index += 1) {
      await keys.nth(index).click();
      const confirm = page.getByRole('button', { name: 'Выпустить ключ' });
      await confirm.click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
    }
    await expect.poll(() => banner.isVisible()).toBe(false);
    await context.close();
  }, 300_000);
});
