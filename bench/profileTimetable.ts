import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './support/load.js';
import { signInOver, startBenchServer } from './support/serverProcess.js';

/**
 * `npx tsx bench/profileTimetable.ts [seconds] [accept-encoding]`: the real server under
 * `node --cpu-prof`, GET /api/timetable as `student` from 50 connections, then a flat profile:
 * self time by function and by package (the flame graph's summary).
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function packageOf(url: string): string {
  if (url === '') return '(native/VM)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  if (url.startsWith('node:')) return 'node core';
  const ours = /\/(src\/[^/]+\/[^/]+)/.exec(url);
  return ours?.[1] ?? url;
}

function summarise(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const file = frame.url.replace(/^.*?(node_modules|src)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPackage.set(packageOf(frame.url), (byPackage.get(packageOf(frame.url)) ?? 0) + us);
  }
  // Total time: each sample counts once for every distinct function on its stack.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = (id: number): string | undefined => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(root)') return undefined;
    return `${frame.functionName || '(anonymous)'}  ${frame.url.replace(/^.*?(node_modules|src)\//, '$1/')}:${frame.lineNumber + 1}`;
  };
  const byFunctionTotal = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const key = keyOf(at);
      if (key && !seen.has(key)) {
        seen.add(key);
        byFunctionTotal.set(key, (byFunctionTotal.get(key) ?? 0) + us);
      }
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${pct(us)}  ${k}`);
  return [`self time, ${(total / 1e6).toFixed(1)} s sampled`, '', 'by package:', ...top(byPackage, 15), '', 'by function:', ...top(byFunction, 30), '', 'by function, total (self and callees):', ...top(byFunctionTotal, 40)].join('\n');
}

const seconds = Number(process.argv[2] ?? 10);
const acceptEncoding = process.argv[3];
const profileDir = mkdtempSync(join(tmpdir(), 'campus-profile-'));
// Seeded by a first start, so that the profile holds only the load.
const dataDir = mkdtempSync(join(tmpdir(), 'campus-profile-data-'));
chmodSync(dataDir, 0o711);
await (await startBenchServer({ port: 6756, dataDir })).stop();
const server = await startBenchServer({ port: 6756, dataDir, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
try {
  const cookie = await signInOver(server.origin, 'student');
  const headers = { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  const result = await load(`${server.origin}/api/timetable`, { connections: 50, seconds, headers });
  console.log(`GET /api/timetable: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no CPU profile written');
console.log(summarise(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile));
rmSync(profileDir, { recursive: true, force: true });
