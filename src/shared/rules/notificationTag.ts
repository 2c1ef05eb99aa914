/**
 * The name one notification goes by on its way to a device and on the device: the service
 * worker's notification `tag` (a second delivery replaces the first instead of showing twice), the
 * Web Push `Topic` (RFC 8030 §5.4: the push service keeps only the newest message of a topic
 * still waiting for the device) and FCM's equivalent. A topic may hold at most 32 characters of
 * the URL-safe base64 alphabet; this holds at most 29 ('notification-' and a safe integer).
 */
export function notificationTag(rowId: number): string {
  if (!Number.isSafeInteger(rowId) || rowId <= 0) throw new RangeError(`not a notification row id: ${rowId}`);
  return `notification-${rowId}`;
}
