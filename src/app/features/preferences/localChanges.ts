import { createStore, type Store } from '../../state/createStore';
import { registerSignOutCleanup } from '../../state/signOutCleanup';

/**
 * A preference change shows at once (SPEC §4), a moment before the cached row that carries it is
 * stored with its outbox entry; usePreferenceSync shows the stored row whenever it changes. A row
 * read before that commit (the choice made a click earlier, say, or that choice's acknowledgement)
 * would paint the older choice back over the newer one, and a user who clicks through the options
 * saw the page jump back. So each resource keeps count of this device's changes still being
 * stored, and the row version the newest one reached: while one is being stored no row is shown,
 * and afterwards only rows at or past that version (which carry it, rebased on whatever the server
 * sent since).
 */
export interface LocalChangeState {
  readonly userId: string | undefined;
  /** Changes shown on screen whose row is not stored yet. */
  readonly storing: number;
  /** The row version the newest stored change reached. */
  readonly version: number;
}

export interface LocalChanges {
  readonly state: Pick<Store<LocalChangeState>, 'get' | 'subscribe'>;
  /** Runs `write` (which stores the change and resolves with the row's new version) as this user's newest change. */
  readonly track: (userId: string, write: () => Promise<number | undefined>) => Promise<void>;
}

const none: LocalChangeState = { userId: undefined, storing: 0, version: 0 };

export function createLocalChanges(name: string): LocalChanges {
  const state = createStore<LocalChangeState>(none, { name });
  // The user's database goes at sign-out; the next one's rows count their versions from 0 again.
  registerSignOutCleanup(() => state.set(none));
  const ofUser = (userId: string): LocalChangeState => {
    const current = state.get();
    return current.userId === userId ? current : { ...none, userId };
  };
  return {
    state,
    track: async (userId, write) => {
      const before = ofUser(userId);
      state.set({ ...before, storing: before.storing + 1 });
      let version: number | undefined;
      try {
        version = await write();
      } finally {
        const current = ofUser(userId);
        state.set({ userId, storing: Math.max(0, current.storing - 1), version: Math.max(current.version, version ?? 0) });
      }
    },
  };
}

/** This device's changes on their way to the cached rows, one per preference resource. */
export const userApiChanges = createLocalChanges('userApi preference changes');
export const appChanges = createLocalChanges('app preference changes');

/** True when a stored row of `userId` at `version` predates a change this device already shows. */
export function isOlderThanShown(changes: LocalChangeState, userId: string | undefined, version: number): boolean {
  if (userId === undefined || changes.userId !== userId) return false;
  return changes.storing > 0 || version < changes.version;
}
