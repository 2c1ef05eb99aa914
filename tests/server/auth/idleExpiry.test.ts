import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../../../src/server/clock.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../helpers/testClock.js';

/**
 * Issue 12, item 6: the idle window runs from the last request, in full. Skipping database writes
 * (at most one per 30 s) must never end a session before SESSION_IDLE_MINUTES of inactivity.
 * The app reads the time from its clock, which stands still here and moves only when a test sets it.
 */

const IDLE_MS = 6 * 60_000;
const clock = new SettableClock(new Date(TEST_CLOCK_START), { frozen: true });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '6', SESSION_MAX_HOURS: '12' }, 'seeded', { clock });
});
afterAll(() => t?.close());

async function isSignedIn(caller: Caller): Promise<boolean> {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: caller.headers(false) });
  return (response.json() as { isSignedIn: boolean }).isSignedIn;
}

describe('the idle window', () => {
  it.each([1_000, 20_000, 29_000])('is full after a request %i ms after the previous one', async (gapMs) => {
    const start = clock.nowMs();
    const caller = await signIn(t.app, 'student');
    expect(await isSignedIn(caller)).toBe(true);

    clock.startAt(start + gapMs); // the last activity
    expect(await isSignedIn(caller)).toBe(true);

    clock.startAt(start + gapMs + IDLE_MS - 1_000); // one second short of the idle window
    expect(await isSignedIn(caller)).toBe(true);
  });

  it('still ends once the idle window has passed', async () => {
    const start = clock.nowMs();
    const caller = await signIn(t.app, 'student');
    clock.startAt(start + 10_000);
    expect(await isSignedIn(caller)).toBe(true);
    clock.startAt(start + 10_000 + IDLE_MS + 31_000);
    expect(await isSignedIn(caller)).toBe(false);
  });

  it('reports the expiry as the last request plus the idle window', async () => {
    const caller = await signIn(t.app, 'student');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: caller.headers(false) });
    const remaining = new Date(String((response.json() as { sessionExpiration: string }).sessionExpiration)).getTime() - clock.nowMs();
    expect(remaining).toBeGreaterThan(IDLE_MS - 5_000);
    expect(remaining).toBeLessThanOrEqual(IDLE_MS);
  });
});
