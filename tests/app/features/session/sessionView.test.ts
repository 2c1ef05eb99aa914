import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isSameView, toSessionView } from '../../../../src/app/features/session/sessionView';
import { sessionMachine } from '../../../../src/app/features/session/session.machine';
import type { SessionTerms } from '../../../../src/app/features/session/session.rules';

const user = { slidingExpiration: true, slidingExpirationMinutes: 6, sessionExpiration: '2030-01-01T00:00:00Z' };

function startSession() {
  const machine = sessionMachine.provide({
    actions: { navigate: () => undefined },
    actors: {
      refreshSessionTerms: fromPromise<SessionTerms | null>(() => new Promise(() => undefined)),
      signOutLocally: fromPromise<void>(async () => undefined),
    },
  });
  return createActor(machine, { input: { user, origin: 'https://campus.example' } }).start();
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toSessionView', () => {
  it('is closed while the session is active', () => {
    expect(toSessionView(startSession().getSnapshot())).toEqual({ mode: 'closed' });
  });

  it('shows the warning with the countdown, and whether Continue is under way', async () => {
    const actor = startSession();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(toSessionView(actor.getSnapshot())).toEqual({
      mode: 'warning',
      secondsLeft: 300,
      isContinuing: false,
      error: undefined,
    });
    actor.send({ type: 'CONTINUE' });
    expect(toSessionView(actor.getSnapshot())).toMatchObject({ mode: 'warning', isContinuing: true });
  });

  it('shows sign-out mode while signing out', () => {
    const actor = startSession();
    actor.send({ type: 'SIGN_OUT', isEntra: true });
    expect(toSessionView(actor.getSnapshot())).toEqual({ mode: 'signingOut' });
  });
});

describe('isSameView', () => {
  it('compares the warning by what it shows', () => {
    const warning = { mode: 'warning', secondsLeft: 10, isContinuing: false, error: undefined } as const;
    expect(isSameView(warning, { ...warning })).toBe(true);
    expect(isSameView(warning, { ...warning, secondsLeft: 9 })).toBe(false);
    expect(isSameView({ mode: 'closed' }, { mode: 'closed' })).toBe(true);
    expect(isSameView({ mode: 'closed' }, { mode: 'signingOut' })).toBe(false);
  });
});
