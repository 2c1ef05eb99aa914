import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createDb, poolOf, type Db } from '../../../src/server/db/database.js';
import { HEALTH_TIMEOUT_MS } from '../../../src/server/realtime/status.routes.js';
import { listNotificationsRoute } from '../../../src/shared/contract/notifications.js';
import { getAppPreferencesRoute, saveAppPreferencesRoute } from '../../../src/shared/contract/preferences.js';
import { healthRoute } from '../../../src/shared/contract/realtime.js';
import { callRoute } from '../../helpers/routes.js';
import { startTcpProxy, withPort, type TcpProxy } from '../../helpers/tcpProxy.js';
import { signIn } from '../../helpers/testApp.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/**
 * The app on its own clone of the seeded database, reached through a TCP relay this file cuts (the
 * database gone: connections dropped, new ones refused) and stalls (a database host that hangs).
 */
const UNAVAILABLE = { message: 'The service is temporarily unavailable. Please try again shortly.', errors: {}, code: 'unavailable' };

let database: TestDatabase | undefined;
let proxy: TcpProxy | undefined;
let db: Db | undefined;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  proxy = await startTcpProxy(Number(new URL(inject('pgAdminUrl')).port));
  db = createDb(withPort(database.connectionString, proxy.port), 5);
  const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000' });
  app = await buildApp({ config, db });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await proxy?.close();
  await database?.drop();
});

const theApp = (): FastifyInstance => {
  if (!app) throw new Error('no app');
  return app;
};
const relay = (): TcpProxy => {
  if (!proxy) throw new Error('no proxy');
  return proxy;
};

describe.sequential('answers while the database cannot be reached', () => {
  it('are 503 in the SPEC §8 shape with Retry-After, reads and writes alike, and 200 again once it is back', async () => {
    const student = await signIn(theApp(), 'student');
    const preferences = await callRoute(theApp(), getAppPreferencesRoute, { as: student });
    expect(preferences.statusCode).toBe(200);

    await relay().cut();
    const read = await callRoute(theApp(), listNotificationsRoute, { as: student });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(JSON.parse(read.body)).toEqual(UNAVAILABLE);
    // Not a 4xx: the app's outbox keeps a queued write that gets this, and sends it again later.
    const write = await callRoute(theApp(), saveAppPreferencesRoute, { as: student, body: JSON.parse(preferences.body) });
    expect(write.statusCode).toBe(503);
    expect(JSON.parse(write.body)).toEqual(UNAVAILABLE);
    const health = await callRoute(theApp(), healthRoute);
    expect(health.statusCode).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ message: 'The database is not answering.', errors: { database: ['unreachable'] }, database: 'unreachable', code: 'unavailable' });

    await relay().resume();
    expect((await callRoute(theApp(), listNotificationsRoute, { as: student })).statusCode).toBe(200);
    expect((await callRoute(theApp(), saveAppPreferencesRoute, { as: student, body: JSON.parse(preferences.body) })).statusCode).toBe(204);
    expect(JSON.parse((await callRoute(theApp(), healthRoute)).body)).toEqual({ status: 'ok', uploads: 'ok' });
  });

  it('include a health answer of 503 within its time limit when the database host does not answer at all', async () => {
    await relay().stall();
    // The pool has noticed its connections dropped: the probe has to open a new one, which hangs.
    await expect.poll(() => (db ? poolOf(db)?.totalCount : undefined), { timeout: 5_000 }).toBe(0);
    const startedAt = performance.now();
    const health = await callRoute(theApp(), healthRoute);
    const tookMs = performance.now() - startedAt;
    expect(health.statusCode).toBe(503);
    expect(tookMs).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    expect(tookMs).toBeLessThan(HEALTH_TIMEOUT_MS + 1_500);

    await relay().resume();
    await expect.poll(async () => (await callRoute(theApp(), healthRoute)).statusCode, { timeout: 5_000 }).toBe(200);
  });
});
