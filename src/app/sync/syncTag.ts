/**
 * The Background Sync tag the page registers while its queue cannot be sent; the service worker
 * reads the user id back from it and calls `flushUserOutbox` (workerFlush.ts).
 */
const prefix = 'cc-outbox:';

export function outboxSyncTag(userId: string): string {
  return `${prefix}${userId}`;
}

export function userIdFromOutboxSyncTag(tag: string): string | undefined {
  return tag.startsWith(prefix) && tag.length > prefix.length ? tag.slice(prefix.length) : undefined;
}
