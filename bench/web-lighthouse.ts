import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/browser';

export interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  /** The performance score of every run, the median one included. */
  allRuns: number[];
  /**
   * Lighthouse's own measure of the host's CPU speed during the median run (its `benchmarkIndex`):
   * the simulated phone is four times slower than the host, so a busy or slow host lowers the score.
   */
  benchmarkIndex: number;
}

/** Runs per page; Lighthouse's own guidance is the median of five, since one run varies. */
const RUNS = Math.max(1, Math.trunc(Number(process.env.LIGHTHOUSE_RUNS ?? 5)) || 1);

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * Lighthouse's default mobile run: a mid-range phone emulated on screen, CPU slowed four times and a
 * slow 4G network simulated. Debian's Chromium is launched for it (never a downloaded browser). Each
 * page is measured `LIGHTHOUSE_RUNS` times (5 by default), after one warm-up run, and the run with
 * the median performance score is reported.
 */
export async function lighthouseScores(urls: readonly string[]): Promise<Map<string, Scores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const results = new Map<string, Scores>();
  try {
    // A freshly started Chromium spends its first seconds on itself (its own UI renderer, the
    // network service, the GPU process), on the same cores as the page; a first run, not
    // counted, lets that settle so that the page is what gets measured.
    if (urls[0]) await lighthouseRun(urls[0], chrome.port);
    for (const url of urls) {
      const runs: Report[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(url, chrome.port));
      const performance = (report: Report) =>
        Math.round((report.categories.performance?.score ?? 0) * 100);
      const byScore = [...runs].sort((a, b) => performance(a) - performance(b));
      const lhr = byScore[Math.floor(byScore.length / 2)]!;
      // The whole report (boot-up time per script, main-thread breakdown, LCP element) for a
      // closer look: `LIGHTHOUSE_REPORT_DIR=/tmp/lh npm run bench:web`.
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir) {
        const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
      }
      results.set(url, {
        performance: performance(lhr),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        allRuns: runs.map(performance),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/** The metrics the performance score is made of. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'cumulative-layout-shift',
] as const;

/**
 * Lighthouse sometimes loses the navigation in its own trace (`NO_NAVSTART`, "restart Lighthouse")
 * or fails to simulate one metric (its audit errors and the performance score reads 0): such a run
 * measured nothing and is taken again, once, instead of entering the median as a zero.
 */
async function lighthouseRun(url: string, port: number, retry = true): Promise<Report> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    locale: 'ru',
  });
  const lhr = run?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const failure =
    lhr.runtimeError?.message ??
    METRICS.map((metric) => lhr.audits[metric])
      .filter((audit) => audit?.scoreDisplayMode === 'error')
      .map((audit) => `${audit?.id}: ${audit?.errorMessage ?? 'failed'}`)[0];
  if (!failure) return lhr;
  if (retry) return lighthouseRun(url, port, false);
  throw new Error(`${url}: ${failure}`);
}
