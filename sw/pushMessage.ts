import { isAppPage, webAddressOf } from '../src/shared/rules/notificationLinks';
import { notificationTag } from '../src/shared/rules/notificationTag';
import { isRecord } from '../src/shared/guards';

/**
 * What a push carries (src/server/push: `{rowId, title, body, url, type}`), read back from the
 * bytes the service worker receives. Web Push delivers our JSON as it is; Firebase Cloud Messaging
 * wraps it as `{data: {...}, from, fcmMessageId}` with every value a string.
 */
export interface PushMessage {
  readonly rowId: number | null;
  readonly title: string;
  readonly body: string;
  /** An app path or URL to open on click; null for none. */
  readonly url: string | null;
  readonly type: string | null;
}

/** Where a click goes when the notification names nowhere (or somewhere off the app). */
export const DEFAULT_NOTIFICATION_PATH = '/user/notifications';

/** The app's icon, shown beside the text. */
export const NOTIFICATION_ICON = '/icons/icon.svg';

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function rowIdOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The fields of our payload, or of FCM's `data` (and its `notification`, should one be sent). */
function fieldsOf(json: unknown): Record<string, unknown> | null {
  if (!isRecord(json) || Array.isArray(json)) return null;
  if (typeof json.title === 'string') return json;
  const data = isRecord(json.data) ? json.data : {};
  const notification = isRecord(json.notification) ? json.notification : {};
  const merged = { ...notification, ...data };
  return typeof merged.title === 'string' ? merged : null;
}

/**
 * Parses a push's text. Null when it is not one of ours (no JSON, or no title); the worker then
 * still shows a generic notification, as browsers require for a user-visible push.
 */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const fields = fieldsOf(json);
  if (!fields) return null;
  const title = textOf(fields.title)?.trim();
  if (!title) return null;
  return {
    rowId: rowIdOf(fields.rowId),
    title,
    body: textOf(fields.body) ?? '',
    url: textOf(fields.url) || null,
    type: textOf(fields.type) || null,
  };
}

/** What the click handler needs back from a shown notification. */
export interface NotificationData {
  readonly url: string | null;
  readonly rowId: number | null;
}

/**
 * `showNotification(title, options)` for a message. The row id is its tag, so a push delivered
 * twice (a send retried after a crash) replaces the notification already shown rather than
 * showing a second one, and silently (`renotify: false`: no second sound or vibration).
 */
export function notificationFor(message: PushMessage | null): { title: string; options: NotificationOptions } {
  if (!message) {
    return {
      title: 'Campus Companion',
      options: { body: 'You have a new notification.', icon: NOTIFICATION_ICON, data: { url: null, rowId: null } satisfies NotificationData },
    };
  }
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: NOTIFICATION_ICON,
      data: { url: message.url, rowId: message.rowId } satisfies NotificationData,
      ...(message.rowId === null ? {} : { tag: notificationTag(message.rowId), renotify: false }),
    },
  };
}

/**
 * The absolute URL a click opens: the notification's url when it is a page of the app on its own
 * origin (an app path such as '/timetable' or a full URL), else the notification centre. A
 * notification never takes the user off the app, nor to an API address (a click must not, say,
 * sign the user out through GET /api/user/signout).
 */
export function clickTarget(data: unknown, origin: string): string {
  const target = webAddressOf(textOf(isRecord(data) ? data.url : undefined), origin);
  if (target && isAppPage(target, origin)) return target.href;
  return new URL(DEFAULT_NOTIFICATION_PATH, origin).href;
}
