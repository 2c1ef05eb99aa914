import { createStore } from '../../state/createStore';

/**
 * Sign-out keeps the last rendered screen under the 'Signing you out' overlay (issue 20, item 8).
 * Clearing the device (the active user, then the user's database) would otherwise re-render every
 * page into its empty states ("Loading your timetable…") for the two seconds before the app
 * leaves. So, just before the wipe, the signed-in layout swaps its live tree for an inert copy of
 * its DOM as it was: nothing under it reads the data being deleted any more.
 */
export const frozenScreenStore = createStore<Node | null>(null, { name: 'frozen screen' });

let screenSource: (() => Element | null) | undefined;

/** The signed-in layout says which element holds its screen; returns the unregister function. */
export function registerFreezableScreen(source: () => Element | null): () => void {
  screenSource = source;
  return () => {
    if (screenSource === source) screenSource = undefined;
  };
}

/**
 * Copies the screen (a deep DOM clone: no markup is parsed again) and shows the copy in its place.
 * Does nothing when no signed-in layout is mounted.
 */
export function freezeScreen(): void {
  const screen = screenSource?.();
  if (screen) frozenScreenStore.set(screen.cloneNode(true));
}
