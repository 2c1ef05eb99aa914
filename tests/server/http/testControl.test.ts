import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../src/shared/contract/index.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';

/** E2E_TEST_CONTROL: POST /api/test/clock moves the server's clock; off, /api/test/* does not exist. */

const START = '2026-10-05T08:55:00+01:00';
const clockOf = async (t: TestApp): Promise<number> => Date.parse((((await t.app.inject({ method: 'GET', url: '/api/test/clock' })).json()) as { now: string }).now);
const move = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/test/clock', payload });

describe('without E2E_TEST_CONTROL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLOCK_START: START });
  });
  afterAll(() => t?.close());

  it('answers 404 for every test route', async () => {
    for (const [method, url] of [['GET', '/api/test/clock'], ['POST', '/api/test/clock'], ['POST', '/api/test/jobs/housekeeping.purgeExpiredSessions/run'], ['GET', '/api/test/held']] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { advanceMs: 1000 } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('keeps the test routes out of the API contract', () => {
    expect(allRoutes.filter((route) => route.path.startsWith('/api/test'))).toEqual([]);
  });
});

describe('with E2E_TEST_CONTROL=1', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [t, other] = await Promise.all([
      createTestApp({ E2E_TEST_CONTROL: '1', CLOCK_START: START, SESSION_IDLE_MINUTES: '60' }),
      createTestApp({ E2E_TEST_CONTROL: '1', CLOCK_START: '2027-01-11T09:00:00Z' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  async function isSignedIn(caller: Caller): Promise<boolean> {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: caller.headers(false) });
    return (response.json() as { isSignedIn: boolean }).isSignedIn;
  }

  it('starts the clock at CLOCK_START and lets it run', async () => {
    const now = await clockOf(t);
    expect(now).toBeGreaterThanOrEqual(Date.parse(START));
    expect(now - Date.parse(START)).toBeLessThan(60_000);
  });

  it('moves the clock forward, and a session then ends on the moved clock', async () => {
    const student = await signIn(t.app, 'student');
    expect(await isSignedIn(student)).toBe(true);
    const before = await clockOf(t);

    const moved = await move(t, { advanceMs: 61 * 60_000 });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse((moved.json() as { now: string }).now) - before).toBeGreaterThanOrEqual(61 * 60_000);
    expect(await isSignedIn(student)).toBe(false); // idle for 61 minutes of the server's time
  });

  it('jumps to an instant, and refuses to go backwards or a malformed body', async () => {
    const to = new Date((await clockOf(t)) + 86_400_000).toISOString();
    const jumped = await move(t, { to });
    expect(jumped.statusCode).toBe(200);
    expect(Date.parse((jumped.json() as { now: string }).now)).toBeGreaterThanOrEqual(Date.parse(to));

    const back = await move(t, { to: START });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ message: expect.any(String), errors: { to: [expect.stringMatching(/does not go backwards/)] } });
    expect(await clockOf(t)).toBeGreaterThanOrEqual(Date.parse(to));

    for (const payload of [{ advanceMs: -1 }, { to: '2030-01-01T09:00:00' }, {}]) {
      expect((await move(t, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('keeps each app its own clock', async () => {
    const otherNow = await clockOf(other);
    expect(otherNow - Date.parse('2027-01-11T09:00:00Z')).toBeLessThan(60_000);
    await move(other, { advanceMs: 1000 });
    expect(Math.abs((await clockOf(t)) - (await clockOf(other)))).toBeGreaterThan(30 * 86_400_000);
  });

  it('runs a job now on the server clock, and 404s an unknown job', async () => {
    await signIn(t.app, 'student');
    const sessions = () => t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow().then((row) => Number(row.n));
    expect(await sessions()).toBeGreaterThan(0);
    await move(t, { advanceMs: 13 * 3_600_000 }); // past every session's absolute lifetime
    const ran = await t.app.inject({ method: 'POST', url: '/api/test/jobs/housekeeping.purgeExpiredSessions/run' });
    expect(ran.statusCode).toBe(200);
    expect(await sessions()).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/test/jobs/no.such.job/run' })).statusCode).toBe(404);
  });
  it('holds GET /api/test/held open until the client goes away, and answers other requests meanwhile', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const leave = new AbortController();
    let isSettled = false;
    const held = fetch(`${base}/api/test/held`, { signal: leave.signal }).finally(() => {
      isSettled = true;
    });
    expect((await fetch(`${base}/api/test/clock`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isSettled).toBe(false);
    leave.abort();
    await expect(held).rejects.toThrow();
  });

  it('lets go of a held request as the server stops', async () => {
    const stopping = await createTestApp({ E2E_TEST_CONTROL: '1', CLOCK_START: START });
    await stopping.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = stopping.app.server.address() as AddressInfo;
    // How the held request ended: its connection closed, or a status.
    const ended = fetch(`http://127.0.0.1:${port}/api/test/held`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    await expect.poll(() => new Promise<number>((resolve) => stopping.app.server.getConnections((_error, count) => resolve(count)))).toBe(1);
    // The stop completes (a held socket would keep it waiting), and the held request ends with it:
    // its connection closes, or a request routed once the stop began gets the stopping server's 503.
    await stopping.close();
    expect(await ended).toBeOneOf(['connection closed', 503]);
  });
});
