import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareServer } from './support/bareServer.js';
import { load, type LoadResult } from './support/load.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

export interface ServerApiResult {
  readonly path: string;
  readonly bodyBytes: number;
  /** The app's runs, each followed at once by the bare ceiling's run on the same body. */
  readonly app: readonly LoadResult[];
  readonly bare: readonly LoadResult[];
}

export const API_PATHS = ['/api/timetable', '/api/user/info', '/api/content/resources'] as const;

/**
 * Each path as the signed-in `student` against the real server (own process, fresh seeded
 * embedded PostgreSQL), then the same bytes from a bare Fastify (own process, from memory), with
 * autocannon at `connections`, `runs` times alternating, so each ratio comes from one run's pair.
 * Requests carry no Accept-Encoding: both sides send the same identity bytes.
 */
export async function benchServerApi(options: { runs: number; seconds: number; connections: number; port: number }): Promise<ServerApiResult[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'campus-bench-api-'));
  const server = await startBenchServer({ port: options.port });
  const results: ServerApiResult[] = [];
  try {
    const cookie = await signInOver(server.origin, 'student');
    const routes = await Promise.all(
      API_PATHS.map(async (path) => {
        const response = await fetch(`${server.origin}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return { path, body: await response.text(), contentType: response.headers.get('content-type') ?? 'application/json' };
      }),
    );
    const bare = await startBareServer(options.port + 1, routes, workDir);
    try {
      for (const { path, body } of routes) {
        const appRuns: LoadResult[] = [];
        const bareRuns: LoadResult[] = [];
        // Warm both (JIT, connection pool, the timetable's kept answer).
        await load(`${server.origin}${path}`, { connections: options.connections, seconds: 1, headers: { cookie } });
        await load(`${bare.origin}${path}`, { connections: options.connections, seconds: 1, headers: { cookie } });
        for (let run = 0; run < options.runs; run += 1) {
          appRuns.push(await load(`${server.origin}${path}`, { connections: options.connections, seconds: options.seconds, headers: { cookie }, cpuOfPid: server.pid }));
          bareRuns.push(await load(`${bare.origin}${path}`, { connections: options.connections, seconds: options.seconds, headers: { cookie }, cpuOfPid: bare.pid }));
        }
        results.push({ path, bodyBytes: Buffer.byteLength(body), app: appRuns, bare: bareRuns });
      }
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  return results;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Markdown rows: medians of the runs, and the median of each run's app ÷ bare ratio. */
export function serverApiRows(results: readonly ServerApiResult[]): string[] {
  return results.map(({ path, bodyBytes, app, bare }) => {
    const ratios = app.map((a, i) => a.requestsPerSecond / (bare[i]?.requestsPerSecond ?? Number.NaN));
    const failures = app.reduce((sum, a) => sum + a.non2xx + a.errors, 0);
    const cpuRatios = app.map((a, i) => (bare[i]?.cpuMsPerRequest ?? Number.NaN) / a.cpuMsPerRequest);
    const cpuRatio = `**${median(cpuRatios).toFixed(2)}**`;
    const cpu = (runs: readonly LoadResult[]) => median(runs.map((r) => r.cpuMsPerRequest)).toFixed(2);
    return `| \`GET ${path}\` (${(bodyBytes / 1024).toFixed(1)} kB) | ${Math.round(median(app.map((a) => a.requestsPerSecond)))} req/s, p50 ${median(app.map((a) => a.p50Ms))} ms, p99 ${median(app.map((a) => a.p99Ms))} ms; ${cpu(app)} ms CPU/request | ${Math.round(median(bare.map((b) => b.requestsPerSecond)))} req/s, p99 ${median(bare.map((b) => b.p99Ms))} ms; ${cpu(bare)} ms CPU/request | **${median(ratios).toFixed(2)}** (runs: ${ratios.map((r) => r.toFixed(2)).join(', ')}) | ${cpuRatio} | ${failures} |`;
  });
}

/** `npx tsx bench/serverApi.bench.ts [runs] [seconds]`: this part alone, printed. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 5);
  const seconds = Number(process.argv[3] ?? 10);
  const results = await benchServerApi({ runs, seconds, connections: 50, port: 6757 });
  console.log(['| route | app | bare Fastify, same body | app ÷ bare, req/s | bare ÷ app, CPU per request | non-2xx/errors |', '| --- | --- | --- | --- | --- | --- |', ...serverApiRows(results)].join('\n'));
}
