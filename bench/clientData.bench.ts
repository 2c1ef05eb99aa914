import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import type { FavouriteResource } from '../src/shared/contract/favourites';
import type { Resources } from '../src/shared/contract/resources';
import type { SignedInUserInfo } from '../src/shared/contract/user';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/**
 * The client data layer in Chromium (issue 21: fake-indexeddb is not representative): the app's own
 * Dexie schema, live-query hook and outbox, bundled into a harness page (bench/clientData/harness.tsx)
 * served on the real server's origin, so its cookies, antiforgery token and API are the app's.
 */

export interface ClientDataResult {
  /** Per write: from the Dexie write to the last of the subscribers committing it (ms). */
  readonly liveQueryMs: readonly number[];
  readonly subscribers: number;
  /** One entry per run. */
  readonly ingest: readonly { readonly perRowMs: number; readonly batchedMs: number; readonly oneRowMs: number }[];
  readonly ingestRows: number;
  /** One entry per run: 50 queued writes replayed after reconnecting. */
  readonly replays: readonly { readonly ms: number; readonly lost: number; readonly duplicated: number; readonly requests: number }[];
  readonly queuedWrites: number;
}

interface HarnessApi {
  liveQueryLoop(subscribers: number, writes: number): Promise<number[]>;
  ingest(count: number): Promise<{ perRowMs: number; batchedMs: number; oneRowMs: number }>;
  queueFavourites(user: SignedInUserInfo, favourites: readonly FavouriteResource[]): Promise<void>;
  outboxCount(userId: string): Promise<number>;
}
declare global {
  interface Window {
    bench: HarnessApi;
  }
}


/** The harness as one production-mode script (React without its development checks). */
async function bundleHarness(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./clientData/harness.tsx', import.meta.url))],
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
    logLevel: 'error',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('harness bundle is empty');
  return file.text;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The q-quantile (0..1) by nearest rank. */
export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

async function postJson<T>(origin: string, path: string, cookie: string, body: unknown): Promise<T> {
  const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '';
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Enough links for every run's batch of new favourites: an administrator adds them, as the admin area does. */
async function addBenchLinks(origin: string, count: number): Promise<void> {
  const admin = await signInOver(origin, 'admin');
  const category = await postJson<{ rowId: number }>(origin, '/api/admin/categories', admin, { name: 'Benchmark links', colour: '#1F4E79', order: 99, ruleRowIds: [] });
  for (let index = 1; index <= count; index += 1) {
    const body = { displayName: `Benchmark link ${index}`, url: `https://example.ac.uk/bench/${index}`, categoryRowId: category.rowId, ruleRowIds: [], isActive: true };
    await postJson(origin, '/api/admin/links', admin, body);
  }
}

async function getJson<T>(origin: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

export async function benchClientData(options: { runs: number; port: number; isQuick?: boolean }): Promise<ClientDataResult> {
  const subscribers = 100;
  const ingestRows = 10_000;
  const queuedWrites = 50;
  const script = await bundleHarness();
  const server = await startBenchServer({ port: options.port });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  try {
    const origin = server.origin;
    await addBenchLinks(origin, options.runs * queuedWrites);
    const cookie = await signInOver(origin, 'student');
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    await context.route('**/__bench/harness.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title><script type="module" src="/__bench/harness.js"></script>' }),
    );
    await context.route('**/__bench/harness.js', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
    const page: Page = await context.newPage();
    await page.goto('/__bench/harness.html');
    await page.waitForFunction(() => document.title === 'bench ready');

    const liveQueryMs = await page.evaluate(([count, writes]) => window.bench.liveQueryLoop(count, writes), [subscribers, options.isQuick ? 10 : 60] as const);

    const ingest = [];
    for (let run = 0; run < options.runs; run += 1) ingest.push(await page.evaluate((count) => window.bench.ingest(count), ingestRows));

    const user = await getJson<SignedInUserInfo>(origin, '/api/user/info', cookie);
    const links = (await getJson<Resources>(origin, '/api/content/resources', cookie)).categories
      .flatMap((category) => category.categoryLinks.map((entry) => entry.link))
      .filter((link) => link.displayName.startsWith('Benchmark link'));
    const replays = [];
    // Each request the page sends to add a favourite, by its Idempotency-Key.
    const sentKeys = new Map<string, number>();
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/user/favourites/resources')) return;
      const key = request.headers()['idempotency-key'] ?? '';
      sentKeys.set(key, (sentKeys.get(key) ?? 0) + 1);
    });
    for (let run = 0; run < options.runs; run += 1) {
      const batch = links.slice(run * queuedWrites, (run + 1) * queuedWrites).map((link) => ({ rowId: link.rowId, displayName: link.displayName, url: link.url }));
      if (batch.length < queuedWrites) throw new Error(`the seed has too few links for run ${run + 1}`);
      sentKeys.clear();
      await context.setOffline(true);
      await page.evaluate(([who, favourites]) => window.bench.queueFavourites(who, favourites), [user, batch] as const);
      const queued = await page.evaluate((id) => window.bench.outboxCount(id), user.userId);
      if (queued !== queuedWrites) throw new Error(`queued ${queued} writes, expected ${queuedWrites}`);
      const startedAt = Date.now();
      await context.setOffline(false);
      // Polled in the page (10 ms apart), so the end is stamped there without a round trip.
      const ms = await page.evaluate(
        async ([id, startedAtMs]) => {
          while ((await window.bench.outboxCount(id)) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
          return Date.now() - startedAtMs;
        },
        [user.userId, startedAt] as const,
      );
      const stored = await getJson<FavouriteResource[]>(origin, '/api/user/favourites/resources', cookie);
      const storedIds = stored.map((favourite) => favourite.rowId);
      const lost = batch.filter((favourite) => !storedIds.includes(favourite.rowId)).length;
      const duplicatedRows = storedIds.length - new Set(storedIds).size;
      const resent = [...sentKeys.values()].filter((times) => times > 1).length;
      replays.push({ ms, lost, duplicated: duplicatedRows + resent, requests: [...sentKeys.values()].reduce((sum, times) => sum + times, 0) });
    }
    await context.close();
    return { liveQueryMs, subscribers, ingest, ingestRows, replays, queuedWrites };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const ms = (value: number): string => `${Math.round(value)} ms`;

/** BENCHMARKS.md rows (the Client table's columns). */
export function clientDataRows(result: ClientDataResult): string[] {
  const live = result.liveQueryMs;
  const perRow = result.ingest.map((run) => run.perRowMs);
  const batched = result.ingest.map((run) => run.batchedMs);
  const oneRow = result.ingest.map((run) => run.oneRowMs);
  const ratios = result.ingest.map((run) => run.perRowMs / run.batchedMs);
  const replayMs = result.replays.map((run) => run.ms);
  const lost = result.replays.reduce((sum, run) => sum + run.lost, 0);
  const duplicated = result.replays.reduce((sum, run) => sum + run.duplicated, 0);
  return [
    `| Live query: a Dexie write to the last of ${result.subscribers} subscribed components committing it | — | **p95 ${ms(quantile(live, 0.95))}**, p50 ${ms(median(live))} (${live.length} writes) | — | bench/clientData: ${result.subscribers} components with the app's \`useResourceRow\` on one key, in Chromium; each write timed to the last \`useLayoutEffect\` |`,
    `| Ingest of ${result.ingestRows.toLocaleString('en-GB')} timetable rows: one \`put\` per row ÷ one \`bulkPut\` | — | **${median(ratios).toFixed(1)}×** (per row ${ms(median(perRow))}, batched ${ms(median(batched))}; runs: ${ratios.map((r) => r.toFixed(1)).join(', ')}) | batched | the same rows into an IndexedDB table keyed by rowId; the app stores the timetable as one cached row: ${ms(median(oneRow))} |`,
    `| Replay of ${result.queuedWrites} writes queued offline, after reconnecting: time to all acknowledged | — | **${ms(median(replayMs))}** (runs: ${replayMs.map(ms).join(', ')}); lost ${lost}, duplicated ${duplicated} | 0 lost, 0 duplicated | "add favourite" through the app's outbox with the browser offline, then online: until the outbox is empty; lost and duplicated checked against what the server stored and the requests sent per Idempotency-Key |`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchClientData({ runs: process.env.BENCH_QUICK === '1' ? 1 : 5, port: 6760, isQuick: process.env.BENCH_QUICK === '1' });
  console.log(clientDataRows(result).join('\n'));
}
