import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, JOB_SCHEMA } from '../../../src/server/jobs/jobQueue.js';
import type { Db } from '../../../src/server/db/database.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

// pg-boss marks a finished job complete without awaiting it. When the app stopped its pool right
// after the queue had stopped, that statement could fail on the closed pool as an unhandled
// rejection: `kill -TERM` of a server ended with exit code 1 (tests/server/main.test.ts, under load).

const silent = { warn: () => {}, error: () => {} };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('empty');
});
afterAll(async () => {
  await database.drop();
});

/** The database, with pg-boss's "mark complete" statement held until `release` is called. */
function holdingCompletions(db: Db): { db: Db; sent: Promise<void>; release: () => void } {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let noteSent = (): void => {};
  const sent = new Promise<void>((resolve) => (noteSent = resolve));
  const holding = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async (query: CompiledQuery) => {
          if (query.sql.includes('completed_on = now()')) {
            noteSent();
            await held;
          }
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: holding, sent, release };
}

describe('stopping the job queue', () => {
  it('waits for the statement marking a just-finished job complete, so the pool can close after it', async () => {
    const completions = holdingCompletions(database.db);
    const jobs = new JobQueue(completions.db, silent);
    await jobs.start(async () => {
      await jobs.createQueue('test.stop');
      await jobs.work('test.stop', 1, async () => {});
    });
    const id = await jobs.send('test.stop');
    await completions.sent; // the job ran, and pg-boss is marking it complete

    const stopping = jobs.stop().then(() => 'stopped');
    const early = await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, 1500, 'still stopping'))]);
    expect(early).toBe('still stopping');

    completions.release();
    expect(await stopping).toBe('stopped');
    const stored = await sql<{ state: string }>`SELECT state::text AS state FROM ${sql.table(`${JOB_SCHEMA}.job`)} WHERE id = ${id}::uuid`.execute(database.db);
    expect(stored.rows).toEqual([{ state: 'completed' }]);
  });

  it('refuses a call made after it has stopped, rather than leaving it waiting for ever', async () => {
    const jobs = new JobQueue(database.db, silent);
    await jobs.start(async () => {
      await jobs.createQueue('test.after-stop');
    });
    await jobs.stop();
    await expect(jobs.send('test.after-stop')).rejects.toThrow('the job queue has stopped: cannot send a test.after-stop job');
    await expect(jobs.insert([{ name: 'test.after-stop' }])).rejects.toThrow('the job queue has stopped');
    await expect(jobs.pending('test.after-stop')).rejects.toThrow('the job queue has stopped');
    // Started again, it works again.
    await jobs.start();
    expect(await jobs.send('test.after-stop')).toMatch(/^[0-9a-f-]{36}$/);
    await jobs.stop();
  });
});
