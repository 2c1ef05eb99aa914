import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { postgresRateLimitStore } from '../../../src/server/auth/rateLimitStore.js';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/** Two instances of the server on one database, each with its own connection pool, on one clock (as on one machine's time). */
let first: TestApp;
let secondDb: Db;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp({ SIGNIN_RATE_LIMIT: '4' });
  secondDb = createDb(first.connectionString, 3);
  second = await buildApp({ config: first.config, db: secondDb, clock: first.clock });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDb.destroy();
  await first.close();
});

const signInPage = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'GET', url: '/api/user/signin', remoteAddress: address });

describe('the sign-in rate limit across instances', () => {
  it('counts the attempts of one address on every instance together', async () => {
    const statuses: number[] = [];
    for (const app of [first.app, second, first.app, second]) statuses.push((await signInPage(app, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    // The fifth attempt within the minute is refused whichever instance it reaches.
    for (const app of [first.app, second]) {
      const refused = await signInPage(app, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another address has its own allowance.
    expect((await signInPage(second, '198.51.100.8')).statusCode).toBe(200);
  });

  it('counts simultaneous attempts on both instances exactly', async () => {
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => signInPage(i % 2 === 0 ? first.app : second, '203.0.113.9')))
      .then((responses) => responses.map((response) => response.statusCode));
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('opens a new window once the old one has ended', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < 5; i += 1) await signInPage(first.app, address);
    expect((await signInPage(second, address)).statusCode).toBe(429);
    // End the window, as if a minute had passed.
    await sql`UPDATE rate_limit_windows SET window_ends = ${new Date(first.clock.nowMs() - 1000)} WHERE key LIKE ${`%|${address}`}`.execute(first.db);
    expect((await signInPage(second, address)).statusCode).toBe(200);
    const { rows } = await sql<{ hits: number }>`SELECT hits FROM rate_limit_windows WHERE key LIKE ${`%|${address}`}`.execute(first.db);
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('gives the time left of a window longer than 24.8 days (past int milliseconds) as a number', async () => {
    const Store = postgresRateLimitStore(first.db, first.clock);
    const store = new Store({});
    const thirtyDaysMs = 30 * 24 * 60 * 60 * 1000;
    const answer = await new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr('long-window|192.0.2.45', (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)), thirtyDaysMs, 5);
    });
    expect(answer).toEqual({ current: 1, ttl: thirtyDaysMs });
  });
});
