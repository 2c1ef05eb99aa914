import { z } from './zod';
import { isoDateTime, rowId, text, webUrl } from './common';
import { defineRoute, raw } from './route';

/** Every user gets General; Students and TeachingStaff also Timetable; only students Attendance. */
export const notificationTypeSchema = z.enum(['General', 'Timetable', 'Attendance']);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * The device's push token: an FCM registration token or, for Web Push, the endpoint's hash. Printable
 * ASCII and bounded, so it always fits the unique index on it.
 */
export const pushTokenSchema = text(1024).check(z.minLength(1), z.regex(/^[\x21-\x7e]+$/, 'Expected a push token'));

export const subscriptionNotificationTypeSchema = z.object({
  notificationType: notificationTypeSchema,
});

/** SPEC §3 notification subscription. */
export const notificationSubscriptionSchema = z.object({
  token: pushTokenSchema,
  subscriptionNotificationTypes: z.array(subscriptionNotificationTypeSchema),
});
export type NotificationSubscription = z.infer<typeof notificationSubscriptionSchema>;

const base64Url = text(512).check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** A browser's Web Push subscription (PushSubscription.toJSON()), so the server can send to it. */
export const webPushSubscriptionSchema = z.object({
  endpoint: webUrl,
  keys: z.object({ p256dh: base64Url, auth: base64Url }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/** POST/PUT body: the subscription plus, for Web Push, the push endpoint and keys. */
export const subscribeSchema = z.extend(notificationSubscriptionSchema, {
  webPush: z.optional(webPushSubscriptionSchema),
});
export type Subscribe = z.infer<typeof subscribeSchema>;

export const unsubscribeSchema = z.object({ token: pushTokenSchema });
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;

/** SPEC §3 notification: rowId and dateSent; the other fields are our choice. */
export const notificationSchema = z.object({
  rowId,
  dateSent: isoDateTime,
  title: z.string(),
  body: z.string(),
  notificationType: notificationTypeSchema,
  /** Where a click opens; null for none. */
  url: z.nullable(z.string()),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** markAsRead body: the rowIds to mark. */
export const markAsReadSchema = z.array(rowId).check(z.minLength(1), z.maxLength(1000));
export type MarkAsRead = z.infer<typeof markAsReadSchema>;

/** The public part of a Firebase web app's configuration (Firebase console, project settings). */
export const firebaseWebConfigSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  authDomain: z.optional(z.string()),
  projectId: z.string().check(z.minLength(1)),
  storageBucket: z.optional(z.string()),
  messagingSenderId: z.string().check(z.minLength(1)),
  appId: z.string().check(z.minLength(1)),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

/**
 * How this server's web clients get a push token. `webpush`: PushManager.subscribe with the
 * server's VAPID public key (the default). `fcm`: Firebase Cloud Messaging's getToken with the
 * Firebase web app config and that project's Web Push certificate key (`vapidKey`).
 */
export const pushConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('webpush'), vapidPublicKey: z.string().check(z.minLength(1)) }),
  z.object({
    provider: z.literal('fcm'),
    vapidPublicKey: z.string().check(z.minLength(1)),
    firebase: z.object({ config: firebaseWebConfigSchema, vapidKey: z.string().check(z.minLength(1)) }),
  }),
]);
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** Null when the token has no subscription. */
export const getSubscriptionRoute = defineRoute({
  id: 'notifications.getSubscription',
  method: 'GET',
  path: '/api/user/notifications/subscription/:token',
  params: z.object({ token: pushTokenSchema }),
  response: z.nullable(notificationSubscriptionSchema),
  roles: [],
  ownedParams: { token: 'pushSubscription' },
});

export const subscribeRoute = defineRoute({
  id: 'notifications.subscribe',
  method: 'POST',
  path: '/api/user/notifications/subscription',
  body: subscribeSchema,
  response: notificationSubscriptionSchema,
  roles: [],
  ownedFields: { token: 'pushSubscription' },
});

export const updateSubscriptionRoute = defineRoute({
  id: 'notifications.updateSubscription',
  method: 'PUT',
  path: '/api/user/notifications/subscription',
  body: subscribeSchema,
  response: notificationSubscriptionSchema,
  roles: [],
  ownedFields: { token: 'pushSubscription' },
});

export const unsubscribeRoute = defineRoute({
  id: 'notifications.unsubscribe',
  method: 'POST',
  path: '/api/user/notifications/unsubscribe',
  body: unsubscribeSchema,
  response: raw.empty,
  roles: [],
  ownedFields: { token: 'pushSubscription' },
});

/** Newest first. */
export const listNotificationsRoute = defineRoute({
  id: 'notifications.list',
  method: 'GET',
  path: '/api/user/notifications',
  response: z.array(notificationSchema),
  roles: [],
});

/** Idempotent: marking an already-read notification again succeeds. */
export const markAsReadRoute = defineRoute({
  id: 'notifications.markAsRead',
  method: 'POST',
  path: '/api/user/notifications/markAsRead',
  body: markAsReadSchema,
  response: raw.empty,
  roles: [],
  ownedFields: { '*': 'notification' },
  offline: 'queue',
});

/** Which push provider web clients use, with the key (and Firebase config) they need. */
export const pushConfigRoute = defineRoute({
  id: 'notifications.pushConfig',
  method: 'GET',
  path: '/api/user/notifications/pushconfig',
  response: pushConfigSchema,
  roles: [],
});

export const notificationRoutes = [
  getSubscriptionRoute,
  subscribeRoute,
  updateSubscriptionRoute,
  unsubscribeRoute,
  listNotificationsRoute,
  markAsReadRoute,
  pushConfigRoute,
] as const;
