import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/database.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { benchCloseRegisters, type BenchResult } from './closeRegisters.bench.js';
import { benchStatusFanout } from './statusFanout.bench.js';

/**
 * `npm run bench`: starts a throwaway embedded PostgreSQL (default settings), runs each benchmark
 * on a fresh migrated database and writes BENCHMARKS.md. Benchmarks are measurements, not tests:
 * nothing fails on a slow machine.
 */
async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'campus-bench-'));
  // As root, PostgreSQL runs as the `postgres` OS user, which must reach the folder.
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres(join(dir, 'postgres'));
  const results: BenchResult[] = [];
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
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, embedded PostgreSQL with default settings`;
  const rows = results.map((r) => `| ${r.name} | ${Math.round(r.medianMs)} ms | ${r.runsMs.map((ms) => Math.round(ms)).join(', ')} | ${r.detail} |`);
  const text = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts): the median of 5 runs, on a throwaway embedded PostgreSQL.',
    `Last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`,
    '',
    '| Benchmark | Median | Runs (ms) | Work |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  await writeFile('BENCHMARKS.md', text);
  console.log(text);
}

await main();
