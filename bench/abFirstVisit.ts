import { chromium } from 'playwright-core';
import { firstVisit } from './clientLoad.bench.js';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { startBenchServer } from './support/serverProcess.js';

/**
 * `npx tsx bench/abFirstVisit.ts <dist A> <dist B> [pairs]`: first visits of /home alternating
 * between two builds (each on its own server), for comparing a change with the build before it on
 * a noisy machine: each pair is run back to back, and the median of the pairs' ratios is printed.
 * `A_ROOT` / `B_ROOT` name the checkout whose server serves that build (a worktree of the commit
 * before a server change, with its node_modules); default this one.
 */
const [dirA = 'dist', dirB = 'dist', pairsText = '7'] = process.argv.slice(2);
const rootOf = (name: string) => (process.env[name] ? { root: process.env[name] } : {});
const [a, b] = await Promise.all([startBenchServer({ port: 6760, staticDir: dirA, ...rootOf('A_ROOT') }), startBenchServer({ port: 6761, staticDir: dirB, ...rootOf('B_ROOT') })]);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;
try {
  const times: { a: number; b: number }[] = [];
  for (let pair = 0; pair < Number(pairsText); pair += 1) {
    // Alternate which goes first, so a drift of the machine's load does not favour either.
    const first = pair % 2 === 0 ? a : b;
    const second = first === a ? b : a;
    const firstMs = (await firstVisit(browser, first.origin)).visibleMs;
    const secondMs = (await firstVisit(browser, second.origin)).visibleMs;
    times.push(first === a ? { a: firstMs, b: secondMs } : { a: secondMs, b: firstMs });
    console.log(`pair ${pair + 1}: A ${Math.round(times.at(-1)?.a ?? 0)} ms, B ${Math.round(times.at(-1)?.b ?? 0)} ms`);
  }
  console.log(`median A ${Math.round(median(times.map((t) => t.a)))} ms, B ${Math.round(median(times.map((t) => t.b)))} ms, B ÷ A ${median(times.map((t) => t.b / t.a)).toFixed(2)}`);
} finally {
  await browser.close();
  await Promise.all([a.stop(), b.stop()]);
}
