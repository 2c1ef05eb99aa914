import type { Notification } from '../../../../src/shared/contract/notifications';
import { jsonResponse, userInfoResponse } from '../../sync/support/fixtures';

let nextRowId = 1;

/** A notification sent `minutesAgo` before `now`, unread unless told otherwise. */
export function makeNotification(overrides: Partial<Notification> & { minutesAgo?: number; now?: number } = {}): Notification {
  const { minutesAgo = 60, now = Date.parse('2025-05-14T12:00:00Z'), ...fields } = overrides;
  return {
    rowId: nextRowId++,
    dateSent: new Date(now - minutesAgo * 60_000).toISOString(),
    title: 'Library opening hours',
    body: 'The library is open 24 hours a day until the end of exams.',
    notificationType: 'General',
    url: null,
    isRead: false,
    ...fields,
  };
}

/** The server's side: its list, what markAsRead received, and whether it can be reached. */
export class InboxServer {
  isDown = false;
  refusal: Response | undefined;
  readonly marks: number[][] = [];

  constructor(
    readonly userId: string,
    public notifications: Notification[],
  ) {}

  readonly fetch: typeof fetch = async (input, init) => {
    if (this.isDown) throw new TypeError('Failed to fetch');
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/user/info') return userInfoResponse(this.userId);
    if (path === '/api/user/notifications' && method === 'GET') return jsonResponse(this.notifications);
    if (path === '/api/user/notifications/markAsRead' && method === 'POST') {
      if (this.refusal) return this.refusal;
      const rowIds = JSON.parse(String(init?.body)) as number[];
      this.marks.push(rowIds);
      this.notifications = this.notifications.map((n) => (rowIds.includes(n.rowId) ? { ...n, isRead: true } : n));
      return new Response(null, { status: 204, statusText: 'No Content' });
    }
    return jsonResponse({ message: 'Not found', errors: {} }, { status: 404 });
  };
}
