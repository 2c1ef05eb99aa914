import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/** CDP throttling of the first visit: a slow campus or mobile link and a mid-range phone's CPU. */
export const SLOW_LINK = { downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000, latencyMs: 150, cpuSlowdown: 4 } as const;

export interface FirstVisit {
  /** From navigation start to today's classes (or 'No classes today.') shown on /home. */
  readonly visibleMs: number;
  /** Bytes on the wire (encoded, headers included) until then. */
  readonly bytes: number;
  readonly requests: number;
  /** Of those, the scripts (the entry, its chunks and every chunk loaded at run time): bytes on the wire and files. */
  readonly scriptBytes: number;
  readonly scripts: number;
  /** Layout shifts without recent input, summed, until 3 s after the timetable showed (CLS of a short session). */
  readonly cls: number;
  /** The elements that moved most, for finding the cause. */
  readonly shiftSources: readonly string[];
}

/** Collects layout-shift entries from the start of the page (PerformanceObserver, buffered). */
const layoutShiftProbe = () => {
  const shifts: { value: number; sources: string[] }[] = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  const describe = (node: Node | null): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = [...node.classList].slice(0, 2).map((c) => `.${c}`).join('');
    return `${node.tagName.toLowerCase()}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

export interface ClientLoadResult {
  readonly firstVisits: readonly FirstVisit[];
  /** Each run: a reload of /home with the app installed (service worker, IndexedDB), online then offline. */
  readonly warm: readonly { readonly onlineMs: number; readonly offlineMs: number }[];
}


/** Resolves with the page clock (ms since navigation start) at which /home first shows the timetable widget's content on screen. */
export async function timetableVisibleAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      // Shown means on screen: a page holds its content hidden until all of it has arrived (LayoutHold).
      const isShown =
        [...document.querySelectorAll('.day__events li')].some((item) => item.checkVisibility()) ||
        [...document.querySelectorAll('.widget__empty')].some((p) => p.textContent === 'No classes today.' && p.checkVisibility());
      return isShown ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

export async function signedInContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const cookieHeader = await signInOver(origin, 'student');
  // Lighthouse's mobile screen: the phone layout (bottom bar, one column of widgets).
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  return context;
}

/** A new page of `context` on SLOW_LINK (its network and CPU), with the CDP session that throttles it. */
export async function slowLinkPage(context: BrowserContext): Promise<{ readonly page: Page; readonly cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_LINK.latencyMs,
    downloadThroughput: SLOW_LINK.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_LINK.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINK.cpuSlowdown });
  return { page, cdp };
}

export async function firstVisit(browser: Browser, origin: string): Promise<FirstVisit> {
  const context = await signedInContext(browser, origin);
  try {
    const { page, cdp } = await slowLinkPage(context);
    let bytes = 0;
    let requests = 0;
    let scriptBytes = 0;
    let scripts = 0;
    let isCounting = true;
    const scriptRequests = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; type?: string }) => {
      if (event.type === 'Script') scriptRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      if (!isCounting) return;
      bytes += event.encodedDataLength;
      requests += 1;
      if (!scriptRequests.has(event.requestId)) return;
      scriptBytes += event.encodedDataLength;
      scripts += 1;
    });
    await page.addInitScript(layoutShiftProbe);
    await page.goto('/home', { waitUntil: 'commit' });
    const visibleMs = await timetableVisibleAt(page);
    isCounting = false;
    await page.waitForTimeout(3_000);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const shiftSources = [...shifts].sort((a, b) => b.value - a.value).slice(0, 5).map((shift) => `${shift.value.toFixed(3)} ${shift.sources.join(' ')}`);
    return { visibleMs, bytes, requests, scriptBytes, scripts, cls, shiftSources };
  } finally {
    await context.close();
  }
}

async function warmStarts(browser: Browser, origin: string, runs: number): Promise<ClientLoadResult['warm']> {
  const context = await signedInContext(browser, origin);
  try {
    const page = await context.newPage();
    await page.goto('/home');
    await timetableVisibleAt(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    // Let start-up finish writing the cache before the first warm run.
    await page.waitForTimeout(2_000);
    const results: { onlineMs: number; offlineMs: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
      await page.goto('/home', { waitUntil: 'commit' });
      const onlineMs = await timetableVisibleAt(page);
      await page.waitForTimeout(500);
      await context.setOffline(true);
      await page.goto('/home', { waitUntil: 'commit' });
      const offlineMs = await timetableVisibleAt(page);
      await context.setOffline(false);
      await page.waitForTimeout(500);
      results.push({ onlineMs, offlineMs });
    }
    return results;
  } finally {
    await context.close();
  }
}

/** First visits (each in a fresh browser profile) and warm starts against the real server and build. */
export async function benchClientLoad(options: { runs: number; port: number; staticDir: string }): Promise<ClientLoadResult> {
  const server = await startBenchServer({ port: options.port, staticDir: options.staticDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  try {
    const firstVisits: FirstVisit[] = [];
    for (let run = 0; run < options.runs; run += 1) firstVisits.push(await firstVisit(browser, server.origin));
    const warm = await warmStarts(browser, server.origin, options.runs);
    return { firstVisits, warm };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** `npx tsx bench/clientLoad.bench.ts [runs]` (after `vite build`): this part alone, printed. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchClientLoad({ runs: Number(process.argv[2] ?? 5), port: 6758, staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
  console.log(JSON.stringify(result, null, 2));
}
