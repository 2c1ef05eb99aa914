import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/**
 * Lighthouse's mobile preset (its default config: a mid-range phone's screen, simulated slow 4G
 * and 4× CPU) against the built app and the real server, in the system Chromium. `/landing` is
 * visited signed out; `/home` and `/timetable` as the signed-in `student`, whose session cookie is
 * put in the browser's cookie jar before the runs (Lighthouse clears caches, storage and service
 * workers between runs, but not cookies), so every run is a first visit of a signed-in user.
 */
export interface LighthouseRun {
  /** 0–1. */
  readonly performance: number;
  readonly lcpMs: number;
  readonly cls: number;
  readonly tbtMs: number;
  readonly fcpMs: number;
}

export interface LighthouseResult {
  readonly route: string;
  readonly signedIn: boolean;
  readonly runs: readonly LighthouseRun[];
}

export const lighthouseRoutes = [
  { route: '/landing', signedIn: false },
  { route: '/home', signedIn: true },
  { route: '/timetable', signedIn: true },
] as const;

const chromeFlags = ['--headless=new', ...chromiumFlags];

/** Puts `name=value; …` (a Cookie header) into the cookie jar of the Chromium listening on `port`. */
async function setCookies(port: number, origin: string, cookieHeader: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
  } finally {
    // Only the CDP connection closes: the browser belongs to chrome-launcher.
    await browser.close();
  }
}

function numericAudit(audits: Record<string, { numericValue?: number } | undefined>, id: string): number {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}`);
  return value;
}

async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in page that redirected to the landing page would be measuring the wrong thing.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  }
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
  return {
    performance: score,
    lcpMs: numericAudit(lhr.audits, 'largest-contentful-paint'),
    cls: numericAudit(lhr.audits, 'cumulative-layout-shift'),
    tbtMs: numericAudit(lhr.audits, 'total-blocking-time'),
    fcpMs: numericAudit(lhr.audits, 'first-contentful-paint'),
  };
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function withRetries(run: () => Promise<LighthouseRun>): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`Lighthouse run failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Each route `runs` times, in one Chromium per route (signed out for the landing, signed in otherwise). */
export async function benchLighthouse(options: { runs: number; port: number; staticDir: string }): Promise<LighthouseResult[]> {
  const server = await startBenchServer({ port: options.port, staticDir: options.staticDir });
  try {
    const results: LighthouseResult[] = [];
    for (const { route, signedIn } of lighthouseRoutes) {
      const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
      try {
        if (signedIn) await setCookies(chrome.port, server.origin, await signInOver(server.origin, 'student'));
        const runs: LighthouseRun[] = [];
        for (let run = 0; run < options.runs; run += 1) runs.push(await withRetries(() => runOnce(`${server.origin}${route}`, chrome.port)));
        results.push({ route, signedIn, runs });
      } finally {
        chrome.kill();
      }
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** `npx tsx bench/lighthouse.bench.ts [runs]` (after `vite build`): this part alone, printed. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchLighthouse({ runs: Number(process.argv[2] ?? 5), port: Number(process.env.BENCH_PORT ?? 6759), staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
  console.log(JSON.stringify(result, null, 2));
}
