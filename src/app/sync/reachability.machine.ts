import { fromPromise, setup } from 'xstate';
import { machineTypes } from '../state/machineTypes';

/**
 * How often a visible page asks the server whether it is there when nothing else has: with the
 * probe's timeout, 'Server unreachable' shows within 9 s of the server going away (issue 34 asks
 * for 10), and clears as soon after it comes back.
 */
export const checkIntervalMs = 5_000;
/** A probe with no answer by then counts as a failure (a server that hangs rather than refuses). */
export const checkTimeoutMs = 4_000;

/** Asks the server something cheap; resolves on any answer, rejects when none comes. */
export type ProbeServer = (signal: AbortSignal) => Promise<unknown>;

export interface ReachabilityInput {
  readonly probe: ProbeServer;
  readonly report: (isReachable: boolean) => void;
  /** The browser's word (`navigator.onLine`): offline, nothing is asked; the header says 'Offline'. */
  readonly isOnline: () => boolean;
}

export type ReachabilityEvent = { readonly type: 'PAGE_VISIBLE' } | { readonly type: 'PAGE_HIDDEN' } | { readonly type: 'ONLINE' };

/**
 * The header's periodic reachability check (issue 34 §3): while the page is visible and the
 * browser online, one probe every `checkIntervalMs`; none while hidden (a probe under way is
 * abandoned unreported), and one at once when the page shows again or the browser comes back
 * online. Failed requests of the app itself report too (api/request.ts), so this only matters
 * while the student reads without the app asking anything.
 */
export const reachabilityMachine = setup({
  types: machineTypes<{ input: ReachabilityInput; context: ReachabilityInput; events: ReachabilityEvent }>(),
  actors: {
    probe: fromPromise<unknown, ProbeServer>(({ input: probe, signal }) => {
      const abort = new AbortController();
      const stop = () => abort.abort();
      const timer = setTimeout(stop, checkTimeoutMs);
      signal.addEventListener('abort', stop);
      return probe(abort.signal).finally(() => clearTimeout(timer));
    }),
  },
  actions: {
    reportReachable: ({ context }) => context.report(true),
    reportUnreachable: ({ context }) => context.report(false),
  },
  guards: {
    isOnline: ({ context }) => context.isOnline(),
  },
  delays: {
    interval: checkIntervalMs,
  },
}).createMachine({
  id: 'reachability',
  context: ({ input }) => input,
  initial: 'waiting',
  on: { PAGE_HIDDEN: '.hidden' },
  states: {
    hidden: {
      on: { PAGE_VISIBLE: 'checking' },
    },
    waiting: {
      on: { ONLINE: 'checking' },
      after: { interval: [{ guard: 'isOnline', target: 'checking' }, { target: 'waiting', reenter: true }] },
    },
    checking: {
      invoke: {
        src: 'probe',
        input: ({ context }: { readonly context: ReachabilityInput }) => context.probe,
        onDone: { target: 'waiting', actions: 'reportReachable' },
        onError: { target: 'waiting', actions: 'reportUnreachable' },
      },
    },
  },
});
