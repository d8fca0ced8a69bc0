import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for everything. Server tests each open their own database (PGlite in memory,
 * or a fresh PostgreSQL database when TEST_DATABASE_URL is set), so files run in parallel safely.
 */
export default defineConfig({
  test: {
    reporters: ['default', './vitest.summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'tools/*/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page is live once its script has arrived, run and heard from the server, which a
          // prerendered page starts only after its first paint: on a busy machine that can take
          // longer than the default second a poll waits.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
