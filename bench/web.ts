/**
 * npm run bench:web — builds the web app, starts the shop (demo mode, loopback), and measures with
 * headless Chromium what a player downloads: the JavaScript and CSS of a cold first visit to Home,
 * signed out and signed in, what each player page adds when followed from there, and Lighthouse's
 * performance and accessibility scores on a simulated mid-range phone. Fails when a budget breaks.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets, BuildManifest, KB } from '../apps/web/build/budget';
import { launchBrowser } from '../e2e/support/browser';
import { signIn } from '../e2e/support/journeys';
import { startShop } from '../e2e/support/shop-process';
import { firstLoad, navigateInApp } from './web-wire';
import { lighthouseScores } from './web-lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = ['/shop', '/servers', '/promocodes', '/profile', '/cart'] as const;
const SCORED = ['/', '/shop', '/servers'] as const;
const MIN_SCORE = 95;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const failures: string[] = [];
function check(what: string, value: number, limit: number, format = kb): string {
  const ok = value <= limit;
  if (!ok) failures.push(`${what}: ${format(value)} > ${format(limit)}`);
  return `${ok ? 'ok  ' : 'OVER'} ≤ ${format(limit)}`;
}

const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const manifest = new BuildManifest(path.join(root, 'apps/web/dist'));

const shop = await startShop();
const browser = await launchBrowser();
const rows: string[][] = [];
try {
  const signedOut = await firstLoad(browser, `${shop.url}/`);
  await signedOut.context.close();
  rows.push([
    'Home, signed out: JS',
    kb(signedOut.wire.js),
    kb(manifest.signedOut().jsBytes),
    check('signed-out JS', signedOut.wire.js, budgets.signedOutJs),
  ]);
  rows.push([
    'Home, first-load CSS',
    kb(signedOut.wire.css),
    kb(manifest.signedOut().cssBytes),
    check('first-load CSS', signedOut.wire.css, budgets.css),
  ]);

  const login = await browser.newContext({ locale: 'ru-RU' });
  const loginPage = await login.newPage();
  await signIn(loginPage, shop.url, 'Bandit_Kolya');
  await loginPage.waitForFunction(() => localStorage.getItem('token') !== null);
  const session = await login.storageState();
  await login.close();

  const signedIn = await firstLoad(browser, `${shop.url}/`, session);
  await signedIn.context.close();
  rows.push([
    'Home, signed in: JS',
    kb(signedIn.wire.js),
    kb(manifest.signedIn().jsBytes),
    check('signed-in JS', signedIn.wire.js, budgets.signedInJs),
  ]);

  for (const route of ROUTES) {
    const visit = await firstLoad(browser, `${shop.url}/`, session);
    await navigateInApp(visit.page, route);
    const added = visit.next();
    await visit.context.close();
    const key = `src/app/routes/${route.slice(1)}.tsx`;
    rows.push([
      `+ ${route}`,
      kb(added.js),
      kb(manifest.routeExtra(key).jsBytes),
      check(`${route} JS`, added.js, budgets.routeJs),
    ]);
  }
} finally {
  await browser.close();
}

try {
  const scores = await lighthouseScores(SCORED.map((route) => `${shop.url}${route}`));
  for (const route of SCORED) {
    const score = scores.get(`${shop.url}${route}`);
    if (!score) continue;
    const good = score.performance >= MIN_SCORE && score.accessibility >= MIN_SCORE;
    if (!good) {
      failures.push(
        `${route}: Lighthouse ${score.performance}/${score.accessibility} < ${MIN_SCORE}/${MIN_SCORE}`,
      );
    }
    rows.push([
      `Lighthouse ${route}`,
      `perf ${score.performance} (runs ${score.allRuns.join(', ')}), a11y ${score.accessibility}`,
      `LCP ${(score.lcpMs / 1000).toFixed(1)} s, TBT ${score.tbtMs} ms, host CPU ${score.benchmarkIndex}`,
      `${good ? 'ok  ' : 'LOW '} ≥ ${MIN_SCORE}/${MIN_SCORE}`,
    ]);
  }
} finally {
  await shop.stop();
}

const header = ['measure', 'on the wire (Chromium)', 'build manifest (.br)', 'budget'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
);
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const row of rows) console.log(line(row));
if (failures.length > 0) {
  console.error(`\nBudget broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll budgets kept.');
