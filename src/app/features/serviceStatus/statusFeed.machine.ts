import { assign, fromPromise, setup, type AnyActorRef } from 'xstate';
import { statusFeed } from '../../../shared/constants';
import type { ServiceStatus } from '../../../shared/contract/realtime';
import { machineTypes } from '../../state/machineTypes';

/** An open feed connection; `stop` closes it (its later close report is ignored). */
export interface FeedConnection {
  stop(): Promise<void>;
}

/** What the connect port reports while a connection lives. */
export interface FeedHandlers {
  onStatuses(statuses: ServiceStatus[]): void;
  onClose(): void;
}

/**
 * Opens a connection (SignalR over server-sent events in the app); rejects when it cannot. Once
 * `signal` aborts (the feed stopped meanwhile) a connection that still opens must close itself.
 */
export type ConnectFeed = (handlers: FeedHandlers, signal: AbortSignal) => Promise<FeedConnection>;

export interface StatusFeedInput {
  readonly connect: ConnectFeed;
}

export interface StatusFeedContext {
  readonly connect: ConnectFeed;
  readonly connection: FeedConnection | undefined;
  /** Counts connections, so reports from an earlier one are ignored. */
  readonly generation: number;
  /** Retries since the last successful connection. */
  readonly retries: number;
  readonly statuses: readonly ServiceStatus[] | undefined;
  /** SPEC §4: true while connecting or reconnecting, false once an update arrives. */
  readonly isLoading: boolean;
  /** The page is hidden: the feed stays stopped until it is visible again. */
  readonly isHidden: boolean;
}

export type StatusFeedEvent =
  | { readonly type: 'START' }
  | { readonly type: 'STOP' }
  | { readonly type: 'PAGE_HIDDEN' }
  | { readonly type: 'PAGE_VISIBLE' }
  | { readonly type: 'SIGNED_OUT' }
  | { readonly type: 'STATUSES'; readonly generation: number; readonly statuses: ServiceStatus[] }
  | { readonly type: 'DROPPED'; readonly generation: number };

/** The wait before retry number `retries + 1` (SPEC §9: 2500 ms for the first five, then 30000 ms). */
export function reconnectDelayMs(retries: number): number {
  return retries < statusFeed.fastRetryCount ? statusFeed.fastRetryDelayMs : statusFeed.slowRetryDelayMs;
}

const isCurrent = ({ context, event }: { context: StatusFeedContext; event: StatusFeedEvent }): boolean =>
  'generation' in event && event.generation === context.generation;

/**
 * The live service status feed (SPEC §4, §7, §9): connects when started, retries after a failed
 * connect or a drop with the SPEC delays, and stops on request, when the page is hidden (it
 * restarts when visible again, as the session timers do) and for good on sign-out.
 */
export const statusFeedMachine = setup({
  types: machineTypes<{ input: StatusFeedInput; context: StatusFeedContext; events: StatusFeedEvent }>(),
  actors: {
    connect: fromPromise<FeedConnection, { connect: ConnectFeed; generation: number; parent: AnyActorRef }>(({ input, signal }) =>
      input.connect(
        {
          onStatuses: (statuses) => input.parent.send({ type: 'STATUSES', generation: input.generation, statuses }),
          onClose: () => input.parent.send({ type: 'DROPPED', generation: input.generation }),
        },
        signal,
      ),
    ),
  },
  actions: {
    nextGeneration: assign({ generation: ({ context }) => context.generation + 1 }),
    markLoading: assign({ isLoading: true }),
    keepConnection: assign((_, connection: FeedConnection) => ({ connection })),
    adoptStatuses: assign(({ event }) => (event.type === 'STATUSES' ? { statuses: event.statuses, isLoading: false, retries: 0 } : {})),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    resetRetries: assign({ retries: 0 }),
    closeConnection: assign(({ context }) => {
      void context.connection?.stop().catch(() => {});
      return { connection: undefined, generation: context.generation + 1 };
    }),
    stopLoading: assign({ isLoading: false }),
    markHidden: assign({ isHidden: true }),
    markVisible: assign({ isHidden: false }),
    forgetStatuses: assign({ statuses: undefined }),
  },
  guards: {
    isCurrent,
    isHidden: ({ context }) => context.isHidden,
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelayMs(context.retries),
  },
}).createMachine({
  id: 'statusFeed',
  context: ({ input }) => ({
    connect: input.connect,
    connection: undefined,
    generation: 0,
    retries: 0,
    statuses: undefined,
    isLoading: false,
    isHidden: false,
  }),
  initial: 'stopped',
  on: {
    SIGNED_OUT: { target: '.signedOut' },
  },
  states: {
    stopped: {
      entry: 'stopLoading',
      on: {
        START: [{ guard: 'isHidden', target: 'paused' }, { target: 'running' }],
        PAGE_HIDDEN: { actions: 'markHidden' },
        PAGE_VISIBLE: { actions: 'markVisible' },
      },
    },
    // Started, but the page is hidden: it runs again once the page is visible.
    paused: {
      entry: 'stopLoading',
      on: {
        PAGE_VISIBLE: { target: 'running', actions: 'markVisible' },
        STOP: 'stopped',
      },
    },
    running: {
      initial: 'connecting',
      entry: ['markLoading', 'resetRetries'],
      exit: 'closeConnection',
      on: {
        STOP: 'stopped',
        PAGE_HIDDEN: { target: 'paused', actions: 'markHidden' },
      },
      states: {
        connecting: {
          entry: ['nextGeneration', 'markLoading'],
          invoke: {
            src: 'connect',
            input: ({ context, self }) => ({ connect: context.connect, generation: context.generation, parent: self }),
            onDone: { target: 'connected', actions: { type: 'keepConnection', params: ({ event }) => event.output } },
            onError: 'waiting',
          },
          // Statuses can arrive before start() resolves (the handshake answer comes with them).
          on: { STATUSES: { guard: 'isCurrent', actions: 'adoptStatuses' } },
        },
        connected: {
          on: {
            STATUSES: { guard: 'isCurrent', actions: 'adoptStatuses' },
            DROPPED: { guard: 'isCurrent', target: 'waiting', actions: 'closeConnection' },
          },
        },
        waiting: {
          entry: 'markLoading',
          after: { reconnectDelay: { target: 'connecting', actions: 'countRetry' } },
        },
      },
    },
    signedOut: {
      type: 'final',
      entry: ['stopLoading', 'forgetStatuses'],
    },
  },
});
