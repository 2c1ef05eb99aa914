import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { benchClientData, clientDataRows, type ClientDataResult } from './clientData.bench.js';
import { benchClientLoad, SLOW_LINK, type ClientLoadResult } from './clientLoad.bench.js';
import { benchCloseRegisters, type BenchResult } from './closeRegisters.bench.js';
import { benchInteractions, INTERACTION_CLOCK_START, type InteractionResult } from './interaction.bench.js';
import { benchImport, IMPORT_HEADING, importSection, type ImportBenchResult } from './import.bench.js';
import { benchLighthouse, type LighthouseResult } from './lighthouse.bench.js';
import { benchServerApi, serverApiRows, type ServerApiResult } from './serverApi.bench.js';
import { benchStatusFanout } from './statusFanout.bench.js';

/**
 * `npm run bench`: every measurement, then BENCHMARKS.md. Benchmarks are measurements, not tests:
 * nothing fails on a slow machine. `BENCH_QUICK=1` runs each part once, briefly (a smoke run).
 * `npm run bench -- --only server` runs the server part alone and rewrites only its section;
 * `--only import` likewise the data import's (bench/import.bench.ts: the large university, minutes).
 * Each part also runs alone: `npx tsx bench/serverApi.bench.ts`, `bench/clientLoad.bench.ts`,
 * `bench/clientData.bench.ts` (the client data layer in Chromium), `bench/lighthouse.bench.ts`,
 * `bench/profileTimetable.ts` (a CPU profile of GET /api/timetable).
 *
 * `BENCH_PARTS=js,lighthouse` (any of js, client, data, lighthouse, server, jobs, import) runs only those parts
 * and updates their rows in the existing BENCHMARKS.md, leaving the other figures as they were (the
 * import part rewrites its own section).
 * `BENCH_PORT` moves the ports the parts use (default 6756; each part takes one of the next ten);
 * `BENCH_RUNS` sets the number of runs (default 5).
 */
const isQuick = process.env.BENCH_QUICK === '1';
const runs = Number(process.env.BENCH_RUNS ?? (isQuick ? 1 : 5));
const allParts = ['js', 'client', 'data', 'lighthouse', 'server', 'jobs', 'import'] as const;
type Part = (typeof allParts)[number];
const parts = new Set<Part>(
  (process.env.BENCH_PARTS ?? allParts.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is Part => {
      if ((allParts as readonly string[]).includes(part)) return true;
      throw new Error(`BENCH_PARTS: unknown part '${part}' (parts: ${allParts.join(', ')})`);
    }),
);
const isPartial = parts.size < allParts.length;
const basePort = Number(process.env.BENCH_PORT ?? 6756);

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * The close-registers job and the status feed's fan-out, each on its own database of a throwaway
 * embedded PostgreSQL with default settings.
 */
async function databaseParts(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'campus-bench-'));
  // As root, PostgreSQL runs as the `postgres` OS user, which must reach the folder.
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres(join(dir, 'postgres'));
  try {
    const admin = createDb(cluster.connectionString('postgres'), 1);
    await sql`create database bench_close`.execute(admin);
    await admin.destroy();
    const db = createDb(cluster.connectionString('bench_close'), 4);
    try {
      await migrateToLatest(db);
      results.push(await benchCloseRegisters(db));
    } finally {
      await db.destroy();
    }
    const statusAdmin = createDb(cluster.connectionString('postgres'), 1);
    await sql`create database bench_status`.execute(statusAdmin);
    await statusAdmin.destroy();
    const statusDb = createDb(cluster.connectionString('bench_status'), 10);
    try {
      await migrateToLatest(statusDb);
      results.push(await benchStatusFanout(statusDb));
    } finally {
      await statusDb.destroy();
    }
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

interface RouteJs {
  readonly route: string;
  readonly targetKb: number;
  readonly limitKb: number;
  readonly gzipBytes: number;
  readonly chunks: number;
}

/** A production build of the client in its own folder, and each route's JS from its manifest. */
function buildClient(outDir: string): RouteJs[] {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: { ...process.env, BUILD_OUT_DIR: outDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const budget = spawnSync(process.execPath, ['scripts/bundle-budget.mjs', outDir, '--json'], { encoding: 'utf8' });
  return JSON.parse(budget.stdout) as RouteJs[];
}

const kB = (bytes: number): string => `${(bytes / 1024).toFixed(0)} kB`;
const ms = (value: number): string => `${Math.round(value)} ms`;
const s = (value: number): string => `${(value / 1000).toFixed(1)} s`;

function interactionRows(result: InteractionResult): string[] {
  const how = `Chrome's Event Timing API in the page: the longest entry of the tap's interaction, from the touch to the next paint; ${SLOW_LINK.cpuSlowdown}× CPU, phone screen, the page loaded and settled first; a fresh server (demo seed, clock at ${INTERACTION_CLOCK_START}) and profile per run; the tap's effect is checked`;
  return [
    `| INP: a tap on "Register attendance" on \`/home\` | — | **${ms(median(result.registerMs))}** (runs: ${result.registerMs.map(ms).join(', ')}) | ≤ 200 ms | ${how} ("Your attendance has been registered.") |`,
    `| INP: a tap on a favourite star on \`/resources\` | — | **${ms(median(result.favouriteMs))}** (runs: ${result.favouriteMs.map(ms).join(', ')}) | ≤ 200 ms | ${how} (the star pressed) |`,
  ];
}

function clientRows(client: ClientLoadResult): string[] {
  const visits = client.firstVisits;
  const online = client.warm.map((w) => w.onlineMs);
  const offline = client.warm.map((w) => w.offlineMs);
  const ratios = client.warm.map((w) => w.offlineMs / w.onlineMs);
  const throttle = `${SLOW_LINK.downloadBitsPerSecond / 1e6} Mbit/s, ${SLOW_LINK.latencyMs} ms RTT, ${SLOW_LINK.cpuSlowdown}× CPU`;
  return [
    `| First visit to \`/home\` (${throttle}): time to the timetable visible | 8.5 s | **${s(median(visits.map((v) => v.visibleMs)))}** (runs: ${visits.map((v) => s(v.visibleMs)).join(', ')}) | ≤ 3.0 s | Playwright + CDP throttling, a fresh profile per run, signed in as \`student\`; from navigation start to today's classes (or "No classes today.") in the widget, on screen (the page holds its widgets hidden until all have their data) |`,
    `| First visit to \`/home\`: bytes until then | 1.13 MB in 69 requests | **${kB(median(visits.map((v) => v.bytes)))}** in ${median(visits.map((v) => v.requests))} requests | — | CDP \`encodedDataLength\` (bytes on the wire, headers included) of every response finished by then |`,
    `| First visit to \`/home\`: JS fetched until then | 282 kB in 80 files (issue 35) | **${kB(median(visits.map((v) => v.scriptBytes)))}** in ${median(visits.map((v) => v.scripts))} files | ≤ 150 kB in ≤ 20 files | the same visits' scripts: the entry, its chunks and every chunk loaded at run time (lazy ones included) whose response finished by then, bytes on the wire |`,
    `| First visit to \`/home\`: layout shift (CLS) | 0.43–0.48 (Lighthouse) | **${median(visits.map((v) => v.cls)).toFixed(3)}** (runs: ${visits.map((v) => v.cls.toFixed(3)).join(', ')}) | ≤ 0.02 | layout-shift entries without input, summed until 3 s after the timetable showed, same throttled visits |`,
    `| Warm start to the timetable visible, online | 383 ms | **${ms(median(online))}** (runs: ${online.map(ms).join(', ')}) | — | reload of \`/home\` with the service worker and IndexedDB in place, unthrottled |`,
    `| Warm start, offline | 275 ms | **${ms(median(offline))}** (runs: ${offline.map(ms).join(', ')}) | — | the same with the browser offline |`,
    `| Warm start, offline ÷ online | 0.72 | **${median(ratios).toFixed(2)}** (runs: ${ratios.map((r) => r.toFixed(2)).join(', ')}) | ≤ 1 (keep) | each run's pair |`,
  ];
}

const lighthouseBefore: Record<string, string> = {
  '/landing': '0.79 · — · — · —',
  '/home': '0.31–0.34 · about 9 s · 0.43–0.48 · 400–530 ms',
  '/timetable': '—',
};

/** One row per route: median performance score, LCP, CLS and TBT of the runs. */
function lighthouseRows(results: readonly LighthouseResult[]): string[] {
  return results.map(({ route, signedIn, runs: routeRuns }) => {
    const score = median(routeRuns.map((r) => r.performance));
    const lcp = median(routeRuns.map((r) => r.lcpMs));
    const cls = median(routeRuns.map((r) => r.cls));
    const tbt = median(routeRuns.map((r) => r.tbtMs));
    const perRun = routeRuns.map((r) => `${r.performance.toFixed(2)}/${s(r.lcpMs)}/${r.cls.toFixed(3)}/${ms(r.tbtMs)}`).join(', ');
    return `| Lighthouse mobile, \`${route}\`: performance · LCP · CLS · TBT | ${lighthouseBefore[route] ?? '—'} | **${score.toFixed(2)} · ${s(lcp)} · ${cls.toFixed(3)} · ${ms(tbt)}** (runs: ${perRun}) | — · — · ≤ 0.02 · — | \`lighthouse\` package, mobile preset (simulated slow 4G, 4× CPU), system Chromium headless, ${signedIn ? 'signed in as `student` (session cookie in the jar)' : 'signed out'}; medians of ${routeRuns.length} runs, each a cold load |`;
  });
}

function jsRows(routes: readonly RouteJs[]): string[] {
  const before: Record<string, string> = { '/landing': '122 kB (entry chunk only)', '/home': '230 kB', '/timetable': '—' };
  return routes.map(
    (r) =>
      `| JS to render \`${r.route}\` (gzip) | ${before[r.route] ?? '—'} | **${kB(r.gzipBytes)}** in ${r.chunks} chunks | ${r.targetKb} kB (npm test enforces ${r.limitKb} kB today) | \`scripts/bundle-budget.mjs\`: static import graphs of the route's first-paint chunks (scripts/firstPaintChunks.ts) in the build manifest |`,
  );
}

/** The first cell of a table row ("| Measure | …" -> "Measure"), which names the row. */
const rowKey = (line: string): string | undefined => (line.startsWith('| ') ? line.split(' | ')[0] : undefined);

/**
 * A partial run: each new row replaces the row of the same name in `text`, or joins the end of
 * the Client table; the "Not measured yet" note follows what is now measured.
 */
function updateDocument(text: string, rows: readonly string[], isLighthouseMeasured: boolean, note: string): string {
  const lines = text.split('\n');
  for (const row of rows) {
    const at = lines.findIndex((line) => rowKey(line) === rowKey(row));
    if (at >= 0) {
      lines[at] = row;
      continue;
    }
    // Before the JS rows (the full run's order), else at the end of the Client table.
    const clientAt = lines.indexOf('## Client');
    const jsAt = lines.findIndex((line, index) => index > clientAt && line.startsWith('| JS to render'));
    const lastAt = lines.findIndex((line, index) => index > clientAt && line.startsWith('| ') && !lines[index + 1]?.startsWith('| '));
    if (clientAt < 0 || lastAt < 0) throw new Error('BENCHMARKS.md has no Client table to update');
    lines.splice(jsAt >= 0 ? jsAt : lastAt + 1, 0, row);
  }
  let updated = lines.join('\n');
  // Everything a full run measures is measured now: an older file's note goes.
  if (isLighthouseMeasured) updated = updated.replace(/^Not measured yet:[\s\S]*?\n\n/m, '');
  return updated.replace(/^(Last run [^\n]*\n)(Partly updated [^\n]*\n)?/m, `$1${note}\n`);
}

/**
 * `npm run bench -- --only server`: the server part alone (no client build, no Chromium), written
 * over the Server section of the BENCHMARKS.md in place; the other sections are kept as they were.
 */
async function serverOnly(): Promise<void> {
  const server = await benchServerApi({ runs, seconds: isQuick ? 3 : 10, connections: 50, port: basePort });
  const previous = await readFile('BENCHMARKS.md', 'utf8');
  const start = previous.indexOf('## Server\n');
  if (start < 0) throw new Error('BENCHMARKS.md has no Server section to replace');
  const next = previous.indexOf('\n## ', start + 1);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, embedded PostgreSQL with default settings`;
  const section = [
    ...serverSection(server),
    `Server figures last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (\`--only server\`${isQuick ? ', quick mode' : ''}) on ${machine}.`,
    '',
  ].join('\n');
  await writeFile('BENCHMARKS.md', previous.slice(0, start) + section + (next < 0 ? '' : previous.slice(next + 1)));
  console.log(section);
}

/** `text` with the section under `heading` replaced by `section`, or added before the hand-written notes (else at the end). */
function withSection(text: string, heading: string, section: string): string {
  const start = text.indexOf(`${heading}\n`);
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + 1);
    return text.slice(0, start) + section + (next < 0 ? '' : text.slice(next + 1));
  }
  const notes = text.indexOf(`\n${notesHeading}\n`);
  if (notes >= 0) return text.slice(0, notes + 1) + section + text.slice(notes + 1);
  return `${text.trimEnd()}\n\n${section}`;
}

/** The import's section, stamped (its figures are often run on their own), ending in a blank line. */
function importText(result: ImportBenchResult, how: string): string {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
  const lines = importSection(result);
  return [...lines, `Import figures last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${how}) on ${machine}.`, '', ''].join('\n');
}

/** The import's one assertion: the same bundle twice changes nothing. Checked after its figures are written. */
function assertNothingChangedTwice(result: ImportBenchResult | undefined): void {
  if (result?.againChanges !== undefined && result.againChanges !== 0) {
    throw new Error(`import: the same bundle applied twice made ${result.againChanges} changes (expected 0); see BENCHMARKS.md`);
  }
}

/** `npm run bench -- --only import`: the import part alone, written over its section of BENCHMARKS.md. */
async function importOnly(): Promise<void> {
  const result = await benchImport({ runs, isQuick, port: basePort + 10 });
  const section = importText(result, `\`--only import\`${isQuick ? ', quick mode' : ''}`);
  await writeFile('BENCHMARKS.md', withSection(await readFile('BENCHMARKS.md', 'utf8'), IMPORT_HEADING, section));
  console.log(section);
  assertNothingChangedTwice(result);
}

function serverSection(server: readonly ServerApiResult[]): string[] {
  return [
    '## Server',
    '',
    `Each route as the signed-in \`student\`, autocannon with 50 connections for ${isQuick ? 3 : 10} s, no Accept-Encoding (identity on`,
    'both sides), against a bare Fastify in its own process serving the same bytes from memory, run right after.',
    'CPU per request is the user + system time of the whole process tree (the server and its PostgreSQL, or the bare',
    'server) during the run, divided by the requests answered: unlike req/s it does not depend on what else the machine runs.',
    'Before: `GET /api/timetable` 80–89 req/s, p50 543 ms, 0.04 of the bare ceiling, about 11 ms of CPU per request.',
    'Target: ≥ 0.5 of the ceiling, p99 ≤ 100 ms.',
    '',
    '| Route | App | Bare Fastify, same body | App ÷ bare, req/s (median of runs) | Bare ÷ app, CPU per request | Non-2xx / errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...serverApiRows(server),
    '',
  ];
}

async function main(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'campus-bench-dist-'));
  let routes: RouteJs[] = [];
  let client: ClientLoadResult | undefined;
  let interactions: InteractionResult | undefined;
  let clientData: ClientDataResult | undefined;
  let lighthouseResults: LighthouseResult[] | undefined;
  let server: ServerApiResult[] = [];
  let jobs: BenchResult[] = [];
  let imported: ImportBenchResult | undefined;
  try {
    if (parts.has('js') || parts.has('client') || parts.has('lighthouse')) routes = buildClient(outDir);
    if (parts.has('client')) client = await benchClientLoad({ runs, port: basePort + 2, staticDir: outDir });
    if (parts.has('client')) interactions = await benchInteractions({ runs, port: basePort + 5, staticDir: outDir });
    if (parts.has('data')) clientData = await benchClientData({ runs, port: basePort + 4, isQuick });
    if (parts.has('lighthouse')) lighthouseResults = await benchLighthouse({ runs, port: basePort + 3, staticDir: outDir });
    if (parts.has('server')) server = await benchServerApi({ runs, seconds: isQuick ? 3 : 10, connections: 50, port: basePort });
    if (parts.has('jobs')) jobs = await databaseParts();
    if (parts.has('import')) imported = await benchImport({ runs, isQuick, port: basePort + 10 });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, embedded PostgreSQL with default settings`;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  if (isPartial) {
    if (parts.has('server') || parts.has('jobs')) throw new Error('BENCH_PARTS: the server and jobs tables are rewritten only by a full run');
    const rows = [...(client ? clientRows(client) : []), ...(interactions ? interactionRows(interactions) : []), ...(lighthouseResults ? lighthouseRows(lighthouseResults) : []), ...(parts.has('js') ? jsRows(routes) : []), ...(clientData ? clientDataRows(clientData) : [])];
    const note = `Partly updated ${stamp} UTC (${[...parts].join(', ')}${isQuick ? ', quick mode' : ''}; medians of ${runs} runs) on ${machine}.`;
    let text = rows.length > 0 ? updateDocument(await readFile('BENCHMARKS.md', 'utf8'), rows, lighthouseResults !== undefined, note) : await readFile('BENCHMARKS.md', 'utf8');
    if (imported) text = withSection(text, IMPORT_HEADING, importText(imported, `${[...parts].join(', ')}${isQuick ? ', quick mode' : ''}`));
    await writeFile('BENCHMARKS.md', text);
    console.log(text);
    assertNothingChangedTwice(imported);
    return;
  }
  if (!client || !interactions || !clientData || !lighthouseResults || !imported) throw new Error('a full run measures every part');
  const notes = await keptNotes();
  const text = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/run.ts)${isQuick ? ' in quick mode (one short run each: smoke figures only)' : ''}: medians of ${runs} runs; ratios are`,
    "taken within one run (each run's pair) and their median given, since absolute times on a shared machine are noise.",
    `Last run ${stamp} UTC on ${machine}.`,
    '"Before" is the figure issue 21 measured on main before this work.',
    '',
    '## Client',
    '',
    '| Measure | Before | Now | Target | How |',
    '| --- | --- | --- | --- | --- |',
    ...clientRows(client),
    ...interactionRows(interactions),
    ...lighthouseRows(lighthouseResults),
    ...jsRows(routes),
    ...clientDataRows(clientData),
    '',
    ...serverSection(server),
    '## Jobs and the status feed',
    '',
    '| Benchmark | Median | Runs (ms) | Work |',
    '| --- | --- | --- | --- |',
    ...jobs.map((r) => `| ${r.name} | ${Math.round(r.medianMs)} ms | ${r.runsMs.map((v) => Math.round(v)).join(', ')} | ${r.detail} |`),
    '',
  ].join('\n') + '\n' + importText(imported, `full run${isQuick ? ', quick mode' : ''}`) + notes;
  await writeFile('BENCHMARKS.md', text);
  console.log(text);
  assertNothingChangedTwice(imported);
}

/** The hand-written section on targets not met (their measured causes), kept from the last BENCHMARKS.md. */
const notesHeading = '## Targets not met, and why';

async function keptNotes(): Promise<string> {
  const previous = await readFile('BENCHMARKS.md', 'utf8').catch(() => '');
  const at = previous.indexOf(`\n${notesHeading}\n`);
  return at < 0 ? '' : previous.slice(at + 1);
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
if (only !== undefined && only !== 'server' && only !== 'import') throw new Error(`--only takes 'server' or 'import' (got ${only})`);
await (only === 'server' ? serverOnly() : only === 'import' ? importOnly() : main());
