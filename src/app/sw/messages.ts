import { isRecord } from '../../shared/guards';
/** Messages the service worker posts to pages (SPEC §4 "Service worker messages"). */
export type WorkerToPageMessage =
  | { readonly type: 'fetch'; readonly url: string; readonly ok: boolean; readonly status: number }
  | { readonly type: 'update-notifications' }
  | { readonly type: 'reload-for-update' };

/**
 * The status feed's paths (SPEC §7's livesystemstatus, and the hub) and the header's reachability
 * probe (/api/health, sync/reachabilityCheck.ts) are excluded from session extension.
 */
const IGNORED_PATH = /livesystemstatus|\/api\/realtimepingdom|\/api\/health$/i;

/** An API response that counts as activity for the session: ok, and not the status feed. */
export function isSessionActivity(message: WorkerToPageMessage): boolean {
  return message.type === 'fetch' && message.ok && !IGNORED_PATH.test(new URL(message.url).pathname);
}

export function isWorkerMessage(data: unknown): data is WorkerToPageMessage {
  const type = isRecord(data) ? data.type : undefined;
  return type === 'fetch' || type === 'update-notifications' || type === 'reload-for-update';
}
