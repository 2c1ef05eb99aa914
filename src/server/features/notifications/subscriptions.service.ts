import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { NotificationSubscription, NotificationType, Subscribe, WebPushSubscription } from '../../../shared/contract/notifications.js';
import type { SessionUser } from '../../auth/session.service.js';
import type { Db } from '../../db/database.js';
import type { PushProvider } from '../../db/schema.domain.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { PushService } from '../../push/push.service.js';
import { allowedNotificationTypes, normaliseTypes } from '../../../shared/rules/notificationTypes.js';

/**
 * Push subscriptions, one row per device. The token is the provider's device token: the FCM
 * registration token, or for Web Push base64url(SHA-256(endpoint)), with the endpoint and keys
 * stored beside it. A device belongs to the user who last subscribed it (a shared browser
 * changes hands at sign-in); every read and delete is limited to the caller's own rows.
 */

export interface SubscriptionDeps {
  readonly db: Db;
  readonly push: PushService;
  readonly clock: Clock;
}

/** The Web Push token of an endpoint: base64url of its SHA-256 (43 characters). */
export function webPushToken(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('base64url');
}

const toSubscription = (token: string, types: readonly NotificationType[]): NotificationSubscription => ({
  token,
  subscriptionNotificationTypes: normaliseTypes(types).map((notificationType) => ({ notificationType })),
});

export async function loadSubscription(db: Db, userId: number, token: string): Promise<NotificationSubscription | null> {
  const row = await db.selectFrom('push_subscriptions').select(['token', 'types']).where('token', '=', token).where('user_id', '=', userId).executeTakeFirst();
  return row ? toSubscription(row.token, row.types) : null;
}

function checkTypes(user: SessionUser, types: readonly NotificationType[]): NotificationType[] {
  const allowed = allowedNotificationTypes(user.roles);
  const refused = normaliseTypes(types).filter((type) => !allowed.includes(type));
  if (refused.length > 0) {
    throw badRequest('These notification types are not available to you.', {
      subscriptionNotificationTypes: refused.map((type) => `${type} notifications are not available to your role; choose from ${allowed.join(', ')}.`),
    });
  }
  return normaliseTypes(types);
}

function checkWebPush(push: PushService, token: string, webPush: WebPushSubscription): void {
  if (!push.allowedOrigins.allows(webPush.endpoint)) {
    throw badRequest('This push service is not allowed.', { 'webPush.endpoint': ['The endpoint must belong to a known push service.'] });
  }
  if (token !== webPushToken(webPush.endpoint)) {
    throw badRequest('The token does not match the push subscription.', { token: ['For Web Push the token is the base64url SHA-256 of the endpoint.'] });
  }
}

interface Device {
  readonly provider: PushProvider;
  readonly endpoint: string | null;
  readonly p256dh: string | null;
  readonly auth: string | null;
}

async function upsert(db: Db, userId: number, token: string, types: NotificationType[], device: Device, now: Date): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, token, types, ...device, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: userId, types, ...device, updated_at: now }))
    .execute();
}

/**
 * POST (create) and PUT (update) of SPEC §7. With `webPush`, the device is (re)registered to the
 * caller. Without it, the caller's existing subscription gets the new types; an unknown token is
 * an FCM registration token when FCM is configured, and otherwise refused (POST 400, PUT 404).
 */
export async function saveSubscription(
  { db, push, clock }: SubscriptionDeps, user: SessionUser, body: Subscribe, mode: 'create' | 'update',
): Promise<NotificationSubscription> {
  const types = checkTypes(user, body.subscriptionNotificationTypes.map((t) => t.notificationType));
  const { token, webPush } = body;
  if (webPush) {
    checkWebPush(push, token, webPush);
    await upsert(db, user.id, token, types, { provider: 'webpush', endpoint: webPush.endpoint, ...webPush.keys }, clock.now());
    return toSubscription(token, types);
  }
  const updated = await db
    .updateTable('push_subscriptions')
    .set({ types, updated_at: clock.now() })
    .where('token', '=', token)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return toSubscription(token, types);
  if (push.hasFcm) {
    await upsert(db, user.id, token, types, { provider: 'fcm', endpoint: null, p256dh: null, auth: null }, clock.now());
    return toSubscription(token, types);
  }
  if (mode === 'update') throw notFound('The subscription');
  throw badRequest('A Web Push subscription is required.', { webPush: ['Send the push subscription (endpoint and keys) of this device.'] });
}

/** Removes the caller's subscription for this token; another user's token is left alone. */
export async function unsubscribe(db: Db, userId: number, token: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('token', '=', token).where('user_id', '=', userId).execute();
}
