import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBanner } from './start-banner';

describe('the line a started shop prints', () => {
  it('says production only in production, and that any other start is not', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-banner-'));
    try {
      const development = startBanner(loadConfig({ DATA_DIR: dataDir }), 'pglite');
      expect(development).toContain('development mode, NOT production');
      expect(development).not.toContain('production mode');
      expect(development).toContain(`embedded database in ${dataDir}`);
      expect(startBanner(loadConfig({ DEMO: '1' }), 'pglite')).toContain('(demo mode,');
      const production = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        DATABASE_URL: 'postgres://shop@db/shop',
        ADMIN_STEAM_IDS: '76561198000000001',
        FREEKASSA_SHOP_ID: '12345',
        FREEKASSA_SECRET1: 'real-secret-1',
        FREEKASSA_SECRET2: 'real-secret-2',
        FREEKASSA_API_KEY: 'real-api-key',
        AUDIT_KEY: 'real-audit-key-of-at-least-32-characters',
      });
      expect(startBanner(production, 'postgres')).toBe(
        'Shop is running (production mode, PostgreSQL): https://shop.example',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
