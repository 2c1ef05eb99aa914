import { assign, fromPromise, setup } from 'xstate';
import { session } from '../../../shared/constants';
import type { ApiActivity } from '../../api/apiActivity';
import { signOutLocally, signOutUrl } from './signOut';
import { refreshSessionTerms } from './session.refresh';
import {
  expiryFor,
  isSessionExtendingActivity,
  msUntilNextSecond,
  secondsLeftOf,
  type SessionTerms,
} from './session.rules';
import { machineTypes } from '../../state/machineTypes';

/**
 * The session of SPEC §4: sliding expiry, a check every 60 s, a warning with a per-second
 * countdown in the last 300 s, and sign-out (clear this device, wait 2 s, go to the endpoint).
 * Timers only run while the page is visible.
 */
export interface SessionInput {
  /** The signed-in user info the session starts from. */
  readonly user: SessionTerms;
  /** The clock; Date.now unless a test or the e2e fake clock says otherwise. */
  readonly now?: () => number;
  /** Which host counts as "same-host" for API activity; the page's origin by default. */
  readonly origin?: string;
}

export interface SessionContext {
  readonly now: () => number;
  readonly origin: string;
  readonly terms: SessionTerms;
  /** Epoch ms when the session ends. */
  readonly expiresAt: number;
  /** When API activity last slid the expiry, for the throttle. */
  readonly lastExtendedAt: number;
  /** The warning's countdown. */
  readonly secondsLeft: number;
  /** Sign out of the external identity provider too. */
  readonly isEntraSignOut: boolean;
  /** Why 'Continue Session' failed, shown in the dialog. */
  readonly continueError: string | undefined;
}

export type SessionEvent =
  | ({ readonly type: 'API_ACTIVITY' } & ApiActivity)
  | { readonly type: 'PAGE_HIDDEN' }
  | { readonly type: 'PAGE_VISIBLE' }
  | { readonly type: 'CONTINUE' }
  | { readonly type: 'SIGN_OUT'; readonly isEntra: boolean };

const remainingMs = (context: SessionContext): number => context.expiresAt - context.now();

function defaultOrigin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

export const sessionMachine = setup({
  types: machineTypes<{ input: SessionInput; context: SessionContext; events: SessionEvent }>(),
  actors: {
    /** GET /api/user/info; null when the server no longer knows the session. */
    refreshSessionTerms: fromPromise<SessionTerms | null>(() => refreshSessionTerms()),
    /** Clears storage and cookies and runs the registered cleanups (IndexedDB). */
    signOutLocally: fromPromise<void>(() => signOutLocally()),
  },
  actions: {
    extendSession: assign(({ context }) => {
      const now = context.now();
      return { expiresAt: expiryFor(context.terms, now), lastExtendedAt: now };
    }),
    adoptRefreshedTerms: assign((_, terms: SessionTerms | null) => (terms ? { terms } : {})),
    updateSecondsLeft: assign({ secondsLeft: ({ context }) => secondsLeftOf(remainingMs(context)) }),
    rememberSignOutChoice: assign({
      isEntraSignOut: ({ event }) => event.type === 'SIGN_OUT' && event.isEntra,
    }),
    recordContinueError: assign((_, message: string) => ({ continueError: message })),
    clearContinueError: assign({ continueError: undefined }),
    logCleanupFailure: (_, { error }: { error: unknown }) => console.error('Sign-out could not clean up', error),
    navigate: (_, { url }: { url: string }) => window.location.assign(url),
  },
  guards: {
    isExtendingActivity: ({ context, event }) =>
      event.type === 'API_ACTIVITY' &&
      context.terms.slidingExpiration &&
      context.now() - context.lastExtendedAt >= session.extensionThrottleMs &&
      isSessionExtendingActivity(event, context.origin),
    hasExpired: ({ context }) => remainingMs(context) <= 0,
    isWithinWarning: ({ context }) => remainingMs(context) <= session.warningThresholdSeconds * 1000,
    isSignedOutByServer: (_, terms: SessionTerms | null) => terms === null,
  },
  delays: {
    checkInterval: session.checkIntervalSeconds * 1000,
    nextSecond: ({ context }) => msUntilNextSecond(remainingMs(context)),
    signOutRedirect: session.signOutRedirectDelayMs,
    /** A cleanup that hangs (e.g. a database blocked by another tab) must not trap the user. */
    cleanupLimit: 10_000,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    const startedAt = now();
    return {
      now,
      origin: input.origin ?? defaultOrigin(),
      terms: input.user,
      expiresAt: expiryFor(input.user, startedAt),
      lastExtendedAt: startedAt,
      secondsLeft: 0,
      isEntraSignOut: false,
      continueError: undefined,
    };
  },
  initial: 'signedIn',
  states: {
    signedIn: {
      initial: 'running',
      on: {
        SIGN_OUT: { target: 'signingOut', actions: 'rememberSignOutChoice' },
      },
      states: {
        running: {
          initial: 'checking',
          on: { PAGE_HIDDEN: 'paused' },
          states: {
            checking: {
              always: [
                { guard: 'hasExpired', target: '#session.signingOut' },
                { guard: 'isWithinWarning', target: 'warning' },
                { target: 'active' },
              ],
            },
            active: {
              on: { API_ACTIVITY: { guard: 'isExtendingActivity', actions: 'extendSession' } },
              after: { checkInterval: 'checking' },
            },
            // Waits for the user: background API calls are not presence, so they neither slide
            // the session nor close the warning (which would vanish under the user's pointer).
            warning: {
              type: 'parallel',
              entry: 'clearContinueError',
              states: {
                countdown: {
                  initial: 'ticking',
                  states: {
                    ticking: {
                      entry: 'updateSecondsLeft',
                      always: { guard: 'hasExpired', target: '#session.signingOut' },
                      after: { nextSecond: { target: 'ticking', reenter: true } },
                    },
                  },
                },
                choice: {
                  initial: 'undecided',
                  states: {
                    undecided: {
                      on: { CONTINUE: 'continuing' },
                    },
                    continuing: {
                      entry: 'clearContinueError',
                      invoke: {
                        src: 'refreshSessionTerms',
                        onDone: [
                          {
                            guard: { type: 'isSignedOutByServer', params: ({ event }) => event.output },
                            target: '#session.signingOut',
                          },
                          {
                            target: '#session.signedIn.running.active',
                            actions: [
                              { type: 'adoptRefreshedTerms', params: ({ event }) => event.output },
                              'extendSession',
                            ],
                          },
                        ],
                        onError: {
                          target: 'undecided',
                          actions: { type: 'recordContinueError', params: ({ event }) => describeFailure(event.error) },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        paused: {
          // Checked at once on return: the device may have slept through the expiry.
          on: {
            PAGE_VISIBLE: 'running',
            API_ACTIVITY: { guard: 'isExtendingActivity', actions: 'extendSession' },
          },
        },
      },
    },
    signingOut: {
      type: 'parallel',
      states: {
        cleanup: {
          initial: 'running',
          states: {
            running: {
              invoke: {
                src: 'signOutLocally',
                onDone: 'done',
                onError: {
                  target: 'done',
                  actions: { type: 'logCleanupFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
              after: { cleanupLimit: 'done' },
            },
            done: { type: 'final' },
          },
        },
        delay: {
          initial: 'waiting',
          states: {
            waiting: { after: { signOutRedirect: 'done' } },
            done: { type: 'final' },
          },
        },
      },
      onDone: 'signedOut',
    },
    signedOut: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ url: signOutUrl(context.isEntraSignOut) }) },
    },
  },
});

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : 'Your session could not be extended.';
}
