import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signedInContext, slowLinkPage, timetableVisibleAt } from './clientLoad.bench.js';
import { chromiumFlags, chromiumPath } from './support/chromium.js';
import { startBenchServer } from './support/serverProcess.js';

/**
 * `npx tsx bench/profileFirstVisit.ts [path]` (after `vite build`): one first visit of a signed-in
 * page (default /home) on the slow link of clientLoad.bench.ts, printed as a request waterfall
 * (each request's start and end, from navigation start, with its size on the wire) and the long
 * tasks (over 50 ms) before the timetable showed. The profile to read before changing what the
 * first visit loads.
 */
interface RequestRow {
  url: string;
  type: string;
  startMs: number;
  endMs?: number;
  bytes?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Time on the renderer's main thread by kind of work, each event's own time (its nested events'
 * time is theirs): what the CPU profile calls "(program)" is split into style, layout, parsing,
 * compiling and the rest.
 */
function mainThreadSummary(events: readonly TraceEvent[]): string {
  // The page's renderer: of the renderer main threads, the one with the most work.
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const busy = (thread: TraceEvent) => events.reduce((sum, event) => (event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X' ? sum + (event.dur ?? 0) : sum), 0);
  const main = threads.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return 'no renderer main thread in the trace';
  const complete = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const own = new Map<string, number>();
  const open: { end: number; name: string }[] = [];
  let last = complete[0]?.ts ?? 0;
  // Walks the nested events in time order; each stretch of time belongs to the innermost open event.
  const advance = (to: number) => {
    const top = open.at(-1);
    if (top) own.set(top.name, (own.get(top.name) ?? 0) + (to - last) / 1000);
    last = to;
  };
  for (const event of complete) {
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= event.ts) {
      advance(open.at(-1)?.end ?? event.ts);
      open.pop();
    }
    advance(event.ts);
    open.push({ end: event.ts + (event.dur ?? 0), name: event.name });
  }
  while (open.length > 0) {
    advance(open.at(-1)?.end ?? last);
    open.pop();
  }
  return [...own]
    .filter(([, ms]) => ms >= 10)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n');
}

const path = process.argv[2] ?? '/home';
const server = await startBenchServer({ port: 6759, staticDir: process.env.BUILD_OUT_DIR ?? 'dist' });
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
try {
  const context = await signedInContext(browser, server.origin);
  const { page, cdp } = await slowLinkPage(context);
  const rows = new Map<string, RequestRow>();
  let startedAt: number | undefined;
  const at = (timestamp: number) => Math.round((timestamp - (startedAt ?? timestamp)) * 1000);
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string }; type?: string; timestamp: number }) => {
    startedAt ??= event.timestamp;
    rows.set(event.requestId, { url: event.request.url.replace(server.origin, ''), type: event.type ?? '?', startMs: at(event.timestamp) });
  });
  cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const row = rows.get(event.requestId);
    if (row) Object.assign(row, { endMs: at(event.timestamp), bytes: event.encodedDataLength });
  });
  await page.addInitScript(() => {
    const tasks: { startMs: number; durationMs: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ startMs: Math.round(entry.startTime), durationMs: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  const isProfiling = process.env.CPU_PROFILE !== undefined;
  if (isProfiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const isTracing = process.env.TRACE !== undefined;
  if (isTracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.compile', 'blink', 'loading'] });
  await page.goto(path, { waitUntil: 'commit' });
  const visibleMs = await timetableVisibleAt(page);
  if (isProfiling) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(process.env.CPU_PROFILE ?? 'first-visit.cpuprofile', JSON.stringify(profile));
  }
  if (isTracing) {
    const text = (await browser.stopTracing()).toString();
    // TRACE=<file>.json keeps the trace too, for a closer look (Chrome's Performance panel opens it).
    if (process.env.TRACE?.endsWith('.json')) writeFileSync(process.env.TRACE, text);
    const trace = JSON.parse(text) as { traceEvents: TraceEvent[] };
    console.log(mainThreadSummary(trace.traceEvents));
  }
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: { startMs: number; durationMs: number }[] }).__longTasks);
  const before = [...rows.values()].filter((row) => row.endMs !== undefined && row.endMs <= visibleMs);
  console.log(`${path}: timetable shown at ${Math.round(visibleMs)} ms`);
  console.log('start   end     kB     type        url');
  for (const row of [...rows.values()].sort((a, b) => a.startMs - b.startMs)) {
    const kb = row.bytes === undefined ? '   -  ' : (row.bytes / 1000).toFixed(1).padStart(6);
    console.log(`${String(row.startMs).padStart(5)}  ${String(row.endMs ?? '-').padStart(5)}  ${kb}  ${row.type.padEnd(10)}  ${row.url.slice(0, 90)}`);
  }
  const scripts = before.filter((row) => row.type === 'Script');
  const kB = (rowsOf: RequestRow[]) => (rowsOf.reduce((sum, row) => sum + (row.bytes ?? 0), 0) / 1000).toFixed(1);
  console.log(`before it: ${before.length} requests, ${kB(before)} kB; scripts ${scripts.length}, ${kB(scripts)} kB`);
  console.log(`long tasks before it: ${longTasks.filter((task) => task.startMs < visibleMs).map((task) => `${task.startMs}+${task.durationMs}`).join(', ') || 'none'}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
