import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets, BuildManifest, playerRoutes } from './budget';

/**
 * The weight budget without a browser: the production build of the current sources, read through its
 * manifest, in the bytes of the brotli files the server sends. bench:web measures the same in
 * Chromium (where response headers add a little); this keeps CI from letting a heavy import slip in.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir: string;
let manifest: BuildManifest;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'shop-web-build-'));
  // The test runner sets NODE_ENV=test, which would build React's development files.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = new BuildManifest(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('player web weight budget (brotli, from the build manifest)', () => {
  it('keeps the signed-out Home within 95 KB of JavaScript and 15 KB of CSS', () => {
    const home = manifest.signedOut();
    expect(home.jsBytes).toBeGreaterThan(20_000);
    expect(home.jsBytes).toBeLessThanOrEqual(budgets.signedOutJs);
    expect(home.cssBytes).toBeGreaterThan(0);
    expect(home.cssBytes).toBeLessThanOrEqual(budgets.css);
  });

  it('keeps the signed-in Home within 115 KB', () => {
    expect(manifest.signedIn().jsBytes).toBeLessThanOrEqual(budgets.signedInJs);
  });

  it.each(Object.entries(playerRoutes))('adds at most 40 KB when %s is opened', (_route, key) => {
    expect(manifest.routeExtra(key).jsBytes).toBeLessThanOrEqual(budgets.routeJs);
  });

  it('leaves what only dialogs, forms, toasts, the admin and sign-in need out of the first load', () => {
    const firstLoad = manifest.signedOut().files;
    const lazy = [
      'src/app/routes/admin.tsx',
      'src/app/toaster.tsx',
      'src/lib/socket.ts',
      'src/features/payments/components/top-up-dialog.tsx',
      'src/features/shop/components/purchase-dialog.tsx',
      'src/app/layout/mobile-menu-sheet.tsx',
      'src/app/layout/user-menu-dropdown.tsx',
      'src/app/layout/legal/legal-dialogs.tsx',
      // Only a preview frame of «Оформление» (`?site-preview=1`) loads it.
      'src/features/site/site-preview.ts',
    ];
    for (const key of lazy) {
      expect(manifest.has(key), `${key} has a file of its own`).toBe(true);
      expect(firstLoad.has(manifest.fileOf(key)), `${key} is loaded with the first paint`).toBe(
        false,
      );
    }
  });

  it.each(['/shop', '/servers'] as const)(
    'opens %s without the dialog component: its dialog arrives with the first click',
    (route) => {
      const dialogFiles = manifest.filesNamed('dialog');
      expect(dialogFiles, 'components/ui/dialog.tsx has a chunk of its own').not.toEqual([]);
      const routeFiles = manifest.routeExtra(playerRoutes[route]).files;
      for (const file of dialogFiles) expect(routeFiles.has(file)).toBe(false);
    },
  );

  it('starts React and the app as two modules, both fetched with the page', () => {
    const firstLoad = manifest.signedOut().files;
    // main.tsx evaluates React, then imports the app's own code, which runs in a task of its own.
    const [app, ...others] = manifest.dynamicImportsOf('index.html');
    expect(others).toEqual([]);
    expect(firstLoad.has(app!), 'the app module is requested with the page, not after React').toBe(
      true,
    );
  });

  it('writes a brotli and a gzip copy beside every script', () => {
    const home = manifest.signedOut();
    expect(home.files.size).toBeGreaterThan(0);
    for (const file of home.files) {
      expect(manifest.wireBytes(file)).toBeLessThan(manifest.plainBytes(file));
      expect(manifest.hasGzip(file)).toBe(true);
    }
  });
});
