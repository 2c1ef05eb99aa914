import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { TimetablePage } from './pages/TimetablePage';
import { useOwnServer } from './support/ownServer';

useOwnServer(test);

// Issue 35: the JavaScript a signed-in first visit fetches before its timetable shows, counted in a
// real browser: the entry, its chunks, the first paint's chunks the page names in its head, and every
// chunk loaded at run time by then (lazy ones included), which the build manifest's static graphs
// (scripts/bundle-budget.mjs) cannot see. "Before it shows" is before the page's layout hold shows
// its content (src/app/ui/layoutHold/LayoutHold.tsx): what the page asked for before then is what
// its first paint waited on; what waits for the first content (ui/layoutHold/firstContent.ts) starts
// after it.
//
// `maxFiles` is issue 35's target (on a 150 ms link each file is a round trip). `limitKb` is what the
// scripts weigh today, gzip-compressed at level 9 as scripts/bundle-budget.mjs weighs them, with a
// little room so nothing grows; `targetKb` is the issue's, not met yet: lower the limit as reductions land.
const fetchedBudget = { targetKb: 150, limitKb: 200, maxFiles: 20 };

const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const gzipKb = (path: string) => gzipSync(readFileSync(join(staticDir, path)), { level: 9 }).length / 1024;

interface FirstVisitLog {
  readonly scripts: { readonly path: string; readonly startTime: number }[];
  shownAt?: number;
}

/**
 * Before the app runs: every script the page fetches, with when it was asked for, and the moment a
 * layout hold first shows its content (React sets its `data-hold` from 'waiting' to why it shows),
 * taken as the attribute is set, before anything that waits for it can start. Real timestamps: the
 * page's `performance` object is the test clock's, which keeps no entries, but a PerformanceObserver
 * and a PerformanceMark of its own read the browser's.
 */
function logFirstVisit(): void {
  const log: FirstVisitLog = { scripts: [] };
  (window as unknown as { firstVisit: FirstVisitLog }).firstVisit = log;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = new URL(entry.name).pathname;
      if (path.endsWith('.js')) log.scripts.push({ path, startTime: entry.startTime });
    }
  }).observe({ type: 'resource', buffered: true });
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function setAttributeSeen(this: Element, name: string, value: string) {
    if (log.shownAt === undefined && name === 'data-hold' && value !== 'waiting') log.shownAt = new PerformanceMark('first-content').startTime;
    setAttribute.call(this, name, value);
  };
}

/**
 * The script requests of `page` still under way. A script's timing entry is written when its
 * download ends: one asked for before the content showed but still downloading would be missed.
 */
function scriptsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  const isScript = (request: Request) => new URL(request.url()).pathname.endsWith('.js');
  page.on('request', (request) => {
    if (isScript(request)) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/** The scripts the page asked for before its first content showed, by path, in the order asked. */
async function scriptsBeforeFirstContent(page: Page, inFlight: () => number): Promise<string[]> {
  // Every script asked for so far has arrived (and has its timing entry).
  await expect.poll(inFlight, { message: 'scripts still downloading' }).toBe(0);
  const handle = await page.waitForFunction(() => {
    const { scripts, shownAt } = (window as unknown as { firstVisit: FirstVisitLog }).firstVisit;
    if (shownAt === undefined) return false;
    return scripts
      .filter((script) => script.startTime < shownAt)
      .sort((a, b) => a.startTime - b.startTime)
      .map((script) => script.path);
  });
  return (await handle.jsonValue()) as string[];
}

for (const path of ['/home', '/timetable']) {
  test(`a signed-in first visit to ${path} fetches at most ${fetchedBudget.maxFiles} scripts, ${fetchedBudget.limitKb} kB gzip, before its timetable shows`, async ({ page, signInAs, newContext }) => {
    await signInAs('student');
    // A first visit: the same session on a browser that has fetched nothing of the app yet.
    const context = await newContext({ storageState: await page.context().storageState() });
    await context.addInitScript(logFirstVisit);
    const visit = await context.newPage();
    const inFlight = scriptsInFlight(visit);
    await visit.goto(path);
    // The timetable is on screen: today's classes on /home, the week's on /timetable.
    await expect((path === '/home' ? visit.locator('.day__events li') : new TimetablePage(visit).events).first()).toBeVisible();

    // The page named its first paint's chunks in its head (src/server/http/firstPaintPreloads.ts),
    // the registration slot's lazy flow among them.
    const pageChunk = path === '/home' ? 'home' : 'timetable';
    for (const chunk of ['signed-in', pageChunk, 'RegistrationControl']) {
      await expect(visit.locator(`head link[rel="modulepreload"][href^="/assets/${chunk}-"]`), chunk).toHaveCount(1);
    }

    const scripts = await scriptsBeforeFirstContent(visit, inFlight);
    expect(new Set(scripts).size, 'each script fetched once').toBe(scripts.length);
    // The first paint's own chunks are among them, and what waits for the first content is not.
    expect(scripts.some((script) => /\/assets\/signed-in-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.some((script) => /\/assets\/(?:SessionController|StatusFeedController|reachabilityCheck|pushSubscription\.actor)-/.test(script)), scripts.join('\n')).toBe(false);
    const kb = scripts.reduce((sum, script) => sum + gzipKb(script), 0);
    test.info().annotations.push({ type: 'fetched before the timetable', description: `${scripts.length} scripts, ${kb.toFixed(1)} kB gzip` });
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(fetchedBudget.maxFiles);
    expect(kb, scripts.join('\n')).toBeLessThanOrEqual(fetchedBudget.limitKb);
  });
}
