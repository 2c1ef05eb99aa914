/**
 * SPEC §8 "favourite added and removed notices", naming the item (issue 34): "Removed 'Library
 * search' from favourites", so two notices on screen at once say which is which. For a change still
 * queued, sync/writeDelivery.ts adds that it will sync.
 */
export function favouriteNotice(change: 'added' | 'removed', name: string): string {
  return change === 'added' ? `Added '${name}' to favourites` : `Removed '${name}' from favourites`;
}

/** The visible mark on an item whose change the server has not confirmed yet. */
export function pendingText(change: 'add' | 'remove'): string {
  return change === 'add' ? 'Waiting to sync' : 'Removal waiting to sync';
}

export const undoLabel = 'Undo';
export const notSavedText = 'Your favourites could not be saved on this device.';
/** Long enough to reach the Undo button; the toast also pauses while hovered or focused. */
export const undoTimeoutMs = 6000;
