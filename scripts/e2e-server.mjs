#!/usr/bin/env node
// One e2e spec's server: the real built app and server, on the database E2E_DATABASE_URL names (a
// clone the spec made on the run's one cluster, e2e/support/specDatabase.ts) or, without it, on a
// fresh embedded database. Each run gets a new temporary DATA_DIR, removed on exit. The server runs in its own process
// group, so a stop signal reaches it exactly once (from here) and it can stop PostgreSQL cleanly.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// E2E_STATIC_DIR lets parallel runs use their own build (BUILD_OUT_DIR=… vite build).
const staticDir = process.env.E2E_STATIC_DIR || 'dist';
const port = process.env.E2E_PORT || '8181';
const stopTimeoutMs = 20_000;

if (!existsSync(join(staticDir, 'index.html'))) {
  console.log(`e2e-server: no build in ${staticDir}/, running vite build first`);
  const { build } = await import('vite');
  await build();
}

// E2E_DATA_DIR: a test that stops and restarts its own server keeps the same data folder across runs.
const keepDataDir = Boolean(process.env.E2E_DATA_DIR);
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'campus-e2e-'));
// mkdtemp makes it 0700; as root the embedded PostgreSQL runs as the `postgres` user, which must
// be able to pass through to DATA_DIR/postgres.
chmodSync(dataDir, 0o711);
const env = { SCHEDULED_JOBS: '0', ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: staticDir, SIGNIN_RATE_LIMIT: '1000', E2E_TEST_CONTROL: '1' };
// E2E_TEST_CONTROL: the test-only /api/test routes (move the server's clock, run a job now); see README.
// SCHEDULED_JOBS=0 unless the spec asks otherwise: a spec runs the job it needs when it needs it.
// CLOCK_START comes from the spec's server (e2e/support/ownServer.ts).
// Never whatever DATABASE_URL the caller had: the spec's clone, or a fresh embedded database.
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete env.DATABASE_URL;

// Equivalent to `npx tsx src/server/main.ts`, as one process: no npx or tsx parent to relay signals.
// E2E_SERVER_ENTRY: the same server compiled once for the whole run (e2e/support/serverBundle.ts).
const entry = process.env.E2E_SERVER_ENTRY ? [process.env.E2E_SERVER_ENTRY] : ['--import', 'tsx', 'src/server/main.ts'];
const server = spawn(process.execPath, entry, {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
console.log(`e2e-server: pid ${server.pid}, PORT=${port}, DATA_DIR=${dataDir}`);

const isRunning = () => server.exitCode === null && server.signalCode === null;

/** Signals the server and everything it started (embedded PostgreSQL), ignoring a group already gone. */
function signalServer(signal) {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already exited
  }
}

let isStopping = false;
let forceKillTimer;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    if (isRunning()) server.kill(signal);
    forceKillTimer = setTimeout(() => {
      console.error(`e2e-server: the server did not stop within ${stopTimeoutMs / 1000}s; killing it`);
      signalServer('SIGKILL');
    }, stopTimeoutMs);
  });
}

// Never leave a detached server behind, whatever ends this script.
process.on('exit', () => {
  if (isRunning()) signalServer('SIGKILL');
  if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
});

server.on('error', (error) => {
  console.error(`e2e-server: could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  clearTimeout(forceKillTimer);
  if (!isStopping) console.error(`e2e-server: the server exited unexpectedly (${signal ?? `code ${code}`})`);
  process.exit(isStopping ? 0 : (code || 1));
});
