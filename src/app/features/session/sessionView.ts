import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

/** What the session dialog shows, derived from the machine. */
export type SessionView =
  | { readonly mode: 'closed' }
  | {
      readonly mode: 'warning';
      readonly secondsLeft: number;
      readonly isContinuing: boolean;
      readonly error: string | undefined;
    }
  | { readonly mode: 'signingOut' };

const closed: SessionView = { mode: 'closed' };
const signingOut: SessionView = { mode: 'signingOut' };

export function toSessionView(snapshot: SnapshotFrom<typeof sessionMachine>): SessionView {
  if (snapshot.matches('signingOut') || snapshot.matches('signedOut')) return signingOut;
  if (!snapshot.matches({ signedIn: { running: 'warning' } })) return closed;
  return {
    mode: 'warning',
    secondsLeft: snapshot.context.secondsLeft,
    isContinuing: snapshot.matches({ signedIn: { running: { warning: { choice: 'continuing' } } } }),
    error: snapshot.context.continueError,
  };
}

/** Equal views render the same dialog, so the selector can skip re-renders. */
export function isSameView(a: SessionView, b: SessionView): boolean {
  if (a.mode !== 'warning' || b.mode !== 'warning') return a.mode === b.mode;
  return a.secondsLeft === b.secondsLeft && a.isContinuing === b.isContinuing && a.error === b.error;
}
