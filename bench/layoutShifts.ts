import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/**
 * `npx tsx bench/layoutShifts.ts [route…]` (after `vite build`): one Lighthouse mobile run per
 * signed-in route (default `/home` and `/timetable`) that prints its CLS and, for each layout
 * shift it saw, the score and the nodes that moved (Lighthouse's `layout-shifts` audit), so a
 * shift can be traced to its cause. Not part of `npm run bench`; it writes nothing.
 */
interface ShiftItem {
  readonly score?: number;
  readonly node?: { readonly selector?: string; readonly snippet?: string; readonly nodeLabel?: string };
  readonly subItems?: { readonly items?: readonly { readonly cause?: string; readonly extra?: { readonly value?: string } }[] };
}

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/home', '/timetable'];
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 6759), staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumFlags] });
try {
  const cookieHeader = await signInOver(server.origin, 'student');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await browser.contexts()[0]?.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.origin };
    }),
  );
  await browser.close();
  for (const route of routes) {
    const result = await lighthouse(`${server.origin}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (result?.lhr.runtimeError) console.log(`\n${route}: Lighthouse failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const audits = result?.lhr.audits ?? {};
    console.log(`\n${route}: CLS ${audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '?'}`);
    const items = ((audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? []);
    for (const item of items) {
      console.log(`  ${item.score?.toFixed(4) ?? '?'}  ${item.node?.selector ?? '(no node)'}\n           ${item.node?.snippet?.slice(0, 160) ?? ''}`);
      if (process.env.SHIFT_DEBUG) console.log(JSON.stringify(item.subItems ?? null));
      for (const cause of item.subItems?.items ?? []) console.log(`           cause: ${cause.cause ?? ''} ${cause.extra?.value ?? ''}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
