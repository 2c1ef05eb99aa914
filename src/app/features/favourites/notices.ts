/** SPEC §8 "favourite added and removed notices"; offline, they say the change will follow. */
export function favouriteNotice(change: 'added' | 'removed', isReachable: boolean): string {
  const text = change === 'added' ? 'Added to favourites' : 'Removed from favourites';
  return isReachable ? text : `${text}. It will sync when you are back online.`;
}

/** The visible mark on an item whose change the server has not confirmed yet. */
export function pendingText(change: 'add' | 'remove'): string {
  return change === 'add' ? 'Waiting to sync' : 'Removal waiting to sync';
}

export const undoLabel = 'Undo';
export const notSavedText = 'Your favourites could not be saved on this device.';
/** Long enough to reach the Undo button; the toast also pauses while hovered or focused. */
export const undoTimeoutMs = 6000;
