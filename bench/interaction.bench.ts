import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { E2E_CLOCK_START } from '../e2e/support/clock.js';
import { SLOW_LINK, signedInContext, timetableVisibleAt } from './clientLoad.bench.js';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { startBenchServer } from './support/serverProcess.js';

/**
 * Interaction to Next Paint of the student's two most frequent taps, on a mid-range phone's CPU
 * (SLOW_LINK's 4× slowdown): "Register attendance" on /home, and a favourite star on /resources.
 * Each is measured as Chrome's Event Timing API reports it: the longest event entry of the tap's
 * interaction (pointerdown, pointerup, click), from the touch to the next frame painted after its
 * handlers ran. Core Web Vitals call ≤ 200 ms good.
 *
 * The server's clock starts where the e2e suite's does (E2E_CLOCK_START, a Monday morning), when
 * the demo student's lab is on and its registration window open, so every run taps the same button.
 */
export const INTERACTION_CLOCK_START = E2E_CLOCK_START;

export interface InteractionResult {
  readonly registerMs: readonly number[];
  readonly favouriteMs: readonly number[];
}

/** Starts collecting Event Timing entries of interactions (buffered, from 16 ms, the API's floor). */
const eventTimingProbe = () => {
  const entries: { interactionId: number; name: string; duration: number }[] = [];
  (window as unknown as { __interactions: typeof entries }).__interactions = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId) entries.push({ interactionId: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

/** Taps the target and answers its interaction's duration (ms), as INP counts it. */
async function tapDuration(page: Page, target: Locator): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __interactions: unknown[] }).__interactions.length);
  await target.tap();
  // An entry is reported once its frame has painted: wait for the tap's, then a little for its siblings.
  const handle = await page.waitForFunction(
    (count) => {
      const entries = (window as unknown as { __interactions: { interactionId: number; duration: number }[] }).__interactions.slice(count);
      const last = entries.at(-1);
      if (!last) return false;
      return Math.max(...entries.filter((entry) => entry.interactionId === last.interactionId).map((entry) => entry.duration));
    },
    before,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function throttledPage(browser: Browser, origin: string): Promise<Page> {
  const context = await signedInContext(browser, origin);
  // The page's clock where the server's is, as in the e2e suite: the app reads today from the device.
  const serverTime = (await (await context.request.get('/api/timetable/servertime')).json()) as string;
  await context.clock.install({ time: Date.parse(serverTime) });
  const page = await context.newPage();
  await page.addInitScript(eventTimingProbe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
  return page;
}

/** One run of each tap, each in a fresh profile: the page loaded and settled, then the tap. */
async function interactionRun(browser: Browser, origin: string): Promise<{ registerMs: number; favouriteMs: number }> {
  const home = await throttledPage(browser, origin);
  let registerMs: number;
  try {
    await home.goto('/home');
    await timetableVisibleAt(home);
    const register = home.getByRole('button', { name: /^Register attendance/ }).first();
    await register.waitFor();
    // The button is enabled once its lazily loaded flow has arrived (RegistrationAction).
    await home.waitForFunction(() => document.querySelector('button.registration__button:not([disabled])') !== null);
    await home.waitForLoadState('networkidle');
    registerMs = await tapDuration(home, register);
    // The tap did what a student taps for (else a refusal was timed, not the registration).
    await home.getByText('Your attendance has been registered.').waitFor({ timeout: 30_000 });
  } finally {
    await home.context().close();
  }
  const resources = await throttledPage(browser, origin);
  try {
    await resources.goto('/resources');
    const firstStar = resources.getByRole('button', { name: /^Add .+ to favourites$/, pressed: false }).first();
    await firstStar.waitFor();
    const name = (await firstStar.getAttribute('aria-label')) ?? '';
    const star = resources.getByRole('button', { name, exact: true }).first();
    await resources.waitForLoadState('networkidle');
    const favouriteMs = await tapDuration(resources, star);
    await resources.getByRole('button', { name, exact: true, pressed: true }).first().waitFor({ timeout: 30_000 });
    return { registerMs, favouriteMs };
  } finally {
    await resources.context().close();
  }
}

/** Each run on a server of its own, freshly seeded: the tap registers a class not registered yet. */
export async function benchInteractions(options: { runs: number; port: number; staticDir: string }): Promise<InteractionResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  try {
    const registerMs: number[] = [];
    const favouriteMs: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const server = await startBenchServer({ port: options.port, staticDir: options.staticDir, env: { CLOCK_START: INTERACTION_CLOCK_START } });
      try {
        const result = await interactionRun(browser, server.origin);
        registerMs.push(result.registerMs);
        favouriteMs.push(result.favouriteMs);
      } finally {
        await server.stop();
      }
    }
    return { registerMs, favouriteMs };
  } finally {
    await browser.close();
  }
}

/** `npx tsx bench/interaction.bench.ts [runs]` (after `vite build`): this part alone, printed. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchInteractions({ runs: Number(process.argv[2] ?? 5), port: 6762, staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
  console.log(JSON.stringify(result, null, 2));
}
