/** SPEC §8 "favourite added and removed notices"; for a change still queued, sync/writeDelivery.ts adds that it will sync. */
export function favouriteNotice(change: 'added' | 'removed'): string {
  return change === 'added' ? 'Added to favourites' : 'Removed from favourites';
}

/** The visible mark on an item whose change the server has not confirmed yet. */
export function pendingText(change: 'add' | 'remove'): string {
  return change === 'add' ? 'Waiting to sync' : 'Removal waiting to sync';
}

export const undoLabel = 'Undo';
export const notSavedText = 'Your favourites could not be saved on this device.';
/** Long enough to reach the Undo button; the toast also pauses while hovered or focused. */
export const undoTimeoutMs = 6000;
