import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../../src/app/api/ApiError';
import { sessionMachine, type SessionEvent } from '../../../../src/app/features/session/session.machine';
import type { SessionTerms } from '../../../../src/app/features/session/session.rules';

const origin = 'https://campus.example.ac.uk';
const startTime = new Date('2025-01-06T09:00:00Z').getTime();
const second = 1000;
const minute = 60 * second;

const sixMinuteSliding: SessionTerms = {
  slidingExpiration: true,
  slidingExpirationMinutes: 6,
  sessionExpiration: new Date(startTime + 6 * minute).toISOString(),
};

/** A fixed (non-sliding) session ending this long after the start. */
const fixedEndingIn = (ms: number): SessionTerms => ({
  slidingExpiration: false,
  slidingExpirationMinutes: 0,
  sessionExpiration: new Date(startTime + ms).toISOString(),
});

interface Options {
  refresh?: () => Promise<SessionTerms | null>;
  cleanup?: () => Promise<void>;
}

function startSession(terms: SessionTerms = sixMinuteSliding, options: Options = {}) {
  const navigations: string[] = [];
  const refresh = vi.fn(options.refresh ?? (async () => sixMinuteSliding));
  const cleanup = vi.fn(options.cleanup ?? (async () => undefined));
  const machine = sessionMachine.provide({
    actions: { navigate: (_, { url }) => void navigations.push(url) },
    actors: { refreshSessionTerms: fromPromise(refresh), signOutLocally: fromPromise(cleanup) },
  });
  const actor = createActor(machine, { input: { user: terms, origin } });
  actor.start();
  const send = (event: SessionEvent) => actor.send(event);
  const state = () => actor.getSnapshot();
  return { actor, send, state, navigations, refresh, cleanup };
}

const activity = (url: string, ok = true, status = 200): SessionEvent => ({ type: 'API_ACTIVITY', url, ok, status });
const isWarning = { signedIn: { running: 'warning' } } as const;
const isActive = { signedIn: { running: 'active' } } as const;

/** Runs the timers and lets promise actors settle. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: startTime });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('starts signed in and active, with a sliding expiry of now plus slidingExpirationMinutes', () => {
    const { state } = startSession();
    expect(state().matches(isActive)).toBe(true);
    expect(state().context.expiresAt).toBe(startTime + 6 * minute);
    expect(state().can({ type: 'SIGN_OUT', isEntra: true })).toBe(true);
    expect(state().can({ type: 'CONTINUE' })).toBe(false);
  });

  it('uses the server expiry when the session does not slide', () => {
    const { state } = startSession(fixedEndingIn(20 * minute));
    expect(state().context.expiresAt).toBe(startTime + 20 * minute);
  });

  it('signs out at once when the session has already ended', () => {
    const { state } = startSession(fixedEndingIn(-1 * second));
    expect(state().matches('signingOut')).toBe(true);
  });

  it('follows the injected clock', () => {
    const machine = sessionMachine.provide({ actions: { navigate: () => undefined } });
    const actor = createActor(machine, { input: { user: sixMinuteSliding, origin, now: () => 42 } }).start();
    expect(actor.getSnapshot().context.expiresAt).toBe(42 + 6 * minute);
  });
});

describe('the check every 60 s', () => {
  it('warns when exactly 300 s remain', async () => {
    const { state } = startSession();
    await advance(59 * second);
    expect(state().matches(isActive)).toBe(true);
    await advance(1 * second);
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.secondsLeft).toBe(300);
    expect(state().can({ type: 'CONTINUE' })).toBe(true);
  });

  it('does not warn with 301 s remaining, and warns at the next check', async () => {
    const { state } = startSession(fixedEndingIn(6 * minute + 1 * second));
    await advance(1 * minute);
    expect(state().matches(isActive)).toBe(true);
    await advance(1 * minute);
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.secondsLeft).toBe(241);
  });

  it('signs out at once, without a warning, when the time ran out between two checks', async () => {
    const { state } = startSession();
    // The device slept: the clock jumps on, but no timer ran meanwhile.
    vi.setSystemTime(startTime + 7 * minute);
    expect(state().matches(isActive)).toBe(true);
    await advance(1 * minute);
    expect(state().matches('signingOut')).toBe(true);
  });
});

describe('the warning countdown', () => {
  it('counts down each second and signs out at 0', async () => {
    const { state } = startSession();
    await advance(1 * minute);
    await advance(1 * second);
    expect(state().context.secondsLeft).toBe(299);
    await advance(298 * second);
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.secondsLeft).toBe(1);
    await advance(1 * second);
    expect(state().matches('signingOut')).toBe(true);
  });

  it('ticks on whole seconds when the remaining time is not a whole number of seconds', async () => {
    const { state } = startSession(fixedEndingIn(5 * minute + 30 * second + 500));
    await advance(1 * minute);
    expect(state().context.secondsLeft).toBe(271); // 270.5 s rounded up
    await advance(500);
    expect(state().context.secondsLeft).toBe(270);
  });

  it('waits for the user: background API calls neither slide the session nor close the warning', async () => {
    const { state, send } = startSession();
    await advance(1 * minute);
    expect(state().can(activity('/api/timetable'))).toBe(false);
    send(activity('/api/timetable'));
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.expiresAt).toBe(startTime + 6 * minute);
  });
});

describe('sliding on API activity', () => {
  it('slides the expiry on a successful same-host call', async () => {
    const { state, send } = startSession();
    await advance(30 * second);
    send(activity(`${origin}/api/timetable`));
    expect(state().context.expiresAt).toBe(startTime + 30 * second + 6 * minute);
    await advance(30 * second);
    expect(state().matches(isActive)).toBe(true); // 330 s left at the check
  });

  it('accepts relative urls as same-host', () => {
    const { state } = startSession();
    vi.setSystemTime(startTime + 5 * second);
    expect(state().can(activity('/api/user/profile'))).toBe(true);
  });

  it('slides at most once per 3000 ms', async () => {
    const { state, send } = startSession();
    await advance(2999);
    expect(state().can(activity('/api/timetable'))).toBe(false); // the start counts as the first
    await advance(1);
    send(activity('/api/timetable'));
    expect(state().context.expiresAt).toBe(startTime + 3 * second + 6 * minute);
    await advance(2 * second);
    send(activity('/api/timetable'));
    expect(state().context.expiresAt).toBe(startTime + 3 * second + 6 * minute);
    await advance(1 * second);
    send(activity('/api/timetable'));
    expect(state().context.expiresAt).toBe(startTime + 6 * second + 6 * minute);
  });

  it.each([
    ['the livesystemstatus path', activity(`${origin}/api/livesystemstatus`)],
    ['another host', activity('https://cdn.example.com/api/timetable')],
    ['a failed call', activity('/api/timetable', false, 500)],
    ['an unparseable url', activity('http://[bad')],
  ])('ignores %s', async (_, event) => {
    const { state, send } = startSession();
    await advance(10 * second);
    expect(state().can(event)).toBe(false);
    send(event);
    expect(state().context.expiresAt).toBe(startTime + 6 * minute);
  });

  it('does not slide a session without sliding expiration', async () => {
    const { state } = startSession(fixedEndingIn(20 * minute));
    await advance(10 * second);
    expect(state().can(activity('/api/timetable'))).toBe(false);
  });

  it('keeps sliding while the page is hidden', async () => {
    const { state, send } = startSession();
    send({ type: 'PAGE_HIDDEN' });
    await advance(10 * second);
    send(activity('/api/timetable'));
    expect(state().context.expiresAt).toBe(startTime + 10 * second + 6 * minute);
  });
});

describe('page visibility', () => {
  it('stops the timers while the page is hidden', async () => {
    const { state, send } = startSession();
    send({ type: 'PAGE_HIDDEN' });
    expect(state().matches({ signedIn: 'paused' })).toBe(true);
    await advance(10 * minute);
    expect(state().matches({ signedIn: 'paused' })).toBe(true);
    expect(state().can({ type: 'PAGE_HIDDEN' })).toBe(false);
  });

  it('checks at once when the page becomes visible again', async () => {
    const { state, send } = startSession();
    send({ type: 'PAGE_HIDDEN' });
    await advance(90 * second);
    send({ type: 'PAGE_VISIBLE' });
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.secondsLeft).toBe(270);
  });

  it('restarts the 60 s check after becoming visible', async () => {
    const { state, send } = startSession();
    send({ type: 'PAGE_HIDDEN' });
    await advance(30 * second);
    send({ type: 'PAGE_VISIBLE' });
    expect(state().matches(isActive)).toBe(true);
    await advance(59 * second);
    expect(state().matches(isActive)).toBe(true);
    await advance(1 * second);
    expect(state().matches(isWarning)).toBe(true);
  });

  it('signs out at once when the session ended while hidden', async () => {
    const { state, send } = startSession();
    send({ type: 'PAGE_HIDDEN' });
    await advance(7 * minute);
    send({ type: 'PAGE_VISIBLE' });
    expect(state().matches('signingOut')).toBe(true);
  });

  it('pauses the warning countdown and resumes it with the time that is really left', async () => {
    const { state, send } = startSession();
    await advance(1 * minute);
    send({ type: 'PAGE_HIDDEN' });
    await advance(2 * minute);
    expect(state().context.secondsLeft).toBe(300);
    send({ type: 'PAGE_VISIBLE' });
    expect(state().matches(isWarning)).toBe(true);
    expect(state().context.secondsLeft).toBe(180);
  });

  it('ignores visibility once signing out', async () => {
    const { state } = startSession(fixedEndingIn(0));
    expect(state().can({ type: 'PAGE_HIDDEN' })).toBe(false);
    expect(state().can({ type: 'PAGE_VISIBLE' })).toBe(false);
  });
});

describe('Continue Session', () => {
  it('refetches the user info, extends the session and returns to active', async () => {
    let resolve: (terms: SessionTerms) => void = () => undefined;
    const { state, send, refresh } = startSession(sixMinuteSliding, {
      refresh: () => new Promise((done) => (resolve = done)),
    });
    await advance(1 * minute);
    send({ type: 'CONTINUE' });
    expect(state().matches({ signedIn: { running: { warning: { choice: 'continuing' } } } })).toBe(true);
    expect(state().can({ type: 'CONTINUE' })).toBe(false);
    await advance(2 * second); // the countdown goes on meanwhile
    expect(state().context.secondsLeft).toBe(298);
    resolve(sixMinuteSliding);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state().matches(isActive)).toBe(true);
    expect(state().context.expiresAt).toBe(startTime + 62 * second + 6 * minute);
  });

  it('takes the new terms from the refetched user info', async () => {
    const { state, send } = startSession(sixMinuteSliding, {
      refresh: async () => ({ ...sixMinuteSliding, slidingExpirationMinutes: 20 }),
    });
    await advance(1 * minute);
    send({ type: 'CONTINUE' });
    await advance(0);
    expect(state().context.expiresAt).toBe(startTime + 1 * minute + 20 * minute);
  });

  it('stays in the warning with an error when the refetch fails, and may be tried again', async () => {
    const failure = new ApiError({ reason: 'http', status: 500, statusText: 'Internal Server Error', message: 'x' });
    const { state, send } = startSession(sixMinuteSliding, {
      refresh: () => Promise.reject(failure.withMessage('Error getting User. Code 500: Internal Server Error')),
    });
    await advance(1 * minute);
    send({ type: 'CONTINUE' });
    await advance(0);
    expect(state().matches({ signedIn: { running: { warning: { choice: 'undecided' } } } })).toBe(true);
    expect(state().context.continueError).toBe('Error getting User. Code 500: Internal Server Error');
    expect(state().can({ type: 'CONTINUE' })).toBe(true);
    send({ type: 'CONTINUE' });
    expect(state().context.continueError).toBeUndefined();
  });

  it("lets the refetch's answer decide, although the API client reports its response as activity", async () => {
    let resolve: (terms: SessionTerms | null) => void = () => undefined;
    const { state, send } = startSession(sixMinuteSliding, {
      refresh: () => new Promise((done) => (resolve = done)),
    });
    await advance(1 * minute);
    send({ type: 'CONTINUE' });
    send(activity('/api/user/info'));
    expect(state().matches(isWarning)).toBe(true);
    resolve(null);
    await advance(0);
    expect(state().matches('signingOut')).toBe(true);
  });

  it('signs out when the server no longer knows the session', async () => {
    const { state, send } = startSession(sixMinuteSliding, { refresh: async () => null });
    await advance(1 * minute);
    send({ type: 'CONTINUE' });
    await advance(0);
    expect(state().matches('signingOut')).toBe(true);
  });
});

describe('signing out', () => {
  it("'Sign Out' clears this device and goes to the endpoint with the identity provider flag after 2 s", async () => {
    const { state, send, navigations, cleanup } = startSession();
    await advance(1 * minute);
    send({ type: 'SIGN_OUT', isEntra: true });
    expect(state().matches('signingOut')).toBe(true);
    expect(state().can({ type: 'CONTINUE' })).toBe(false);
    expect(cleanup).toHaveBeenCalledTimes(1);
    await advance(1999);
    expect(navigations).toEqual([]);
    await advance(1);
    expect(navigations).toEqual(['/api/user/signout?entra=true']);
    expect(state().status).toBe('done');
  });

  it('signs out without the flag when the time runs out', async () => {
    const { navigations, cleanup } = startSession();
    await advance(6 * minute);
    expect(cleanup).toHaveBeenCalledTimes(1);
    await advance(2 * second);
    expect(navigations).toEqual(['/api/user/signout']);
  });

  it('may be asked for without the flag, e.g. from a header button', async () => {
    const { send, navigations } = startSession();
    send({ type: 'SIGN_OUT', isEntra: false });
    await advance(2 * second);
    expect(navigations).toEqual(['/api/user/signout']);
  });

  it('waits for a slow cleanup before leaving', async () => {
    const { send, navigations } = startSession(sixMinuteSliding, {
      cleanup: () => new Promise((done) => setTimeout(done, 5 * second)),
    });
    send({ type: 'SIGN_OUT', isEntra: true });
    await advance(4999);
    expect(navigations).toEqual([]);
    await advance(1);
    expect(navigations).toEqual(['/api/user/signout?entra=true']);
  });

  it('leaves after 10 s even when a cleanup hangs', async () => {
    const { send, navigations } = startSession(sixMinuteSliding, { cleanup: () => new Promise(() => undefined) });
    send({ type: 'SIGN_OUT', isEntra: false });
    await advance(9999);
    expect(navigations).toEqual([]);
    await advance(1);
    expect(navigations).toEqual(['/api/user/signout']);
  });

  it('still leaves when a cleanup fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { send, navigations } = startSession(sixMinuteSliding, {
      cleanup: () => Promise.reject(new Error('blocked')),
    });
    send({ type: 'SIGN_OUT', isEntra: false });
    await advance(2 * second);
    expect(navigations).toEqual(['/api/user/signout']);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('ignores activity and a second sign-out once signing out', async () => {
    const { state, send } = startSession();
    send({ type: 'SIGN_OUT', isEntra: false });
    await advance(1 * second);
    expect(state().matches('signingOut')).toBe(true);
    expect(state().can(activity('/api/timetable'))).toBe(false);
    expect(state().can({ type: 'SIGN_OUT', isEntra: true })).toBe(false);
  });
});
