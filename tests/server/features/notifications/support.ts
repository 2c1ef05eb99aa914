import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { callRoute } from '../../../helpers/routes.js';
import {
  getSubscriptionRoute,
  subscribeRoute,
  updateSubscriptionRoute,
  type NotificationType,
  type Subscribe,
  type WebPushSubscription,
} from '../../../../src/shared/contract/notifications.js';
import type { Db } from '../../../../src/server/db/database.js';
import { webPushToken } from '../../../../src/server/features/notifications/subscriptions.service.js';
import type { Caller } from '../../../helpers/testApp.js';

/** A subscribe body for a Web Push subscription, with the token derived from its endpoint. */
export function subscribeBody(webPush: WebPushSubscription, types: readonly NotificationType[]): Subscribe {
  return {
    token: webPushToken(webPush.endpoint),
    subscriptionNotificationTypes: types.map((notificationType) => ({ notificationType })),
    webPush: { endpoint: webPush.endpoint, keys: { p256dh: webPush.keys.p256dh, auth: webPush.keys.auth } },
  };
}

/** A made-up browser subscription on a push service origin (nothing is sent in these tests). */
export function fakeWebPush(origin = 'https://fcm.googleapis.com', id = Math.random().toString(36).slice(2)): WebPushSubscription {
  return {
    endpoint: `${origin}/fcm/send/${id}`,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  };
}

export function subscribe(app: FastifyInstance, caller: Caller, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<LightMyRequestResponse> {
  return callRoute(app, method === 'POST' ? subscribeRoute : updateSubscriptionRoute, { as: caller, body });
}

export function getSubscription(app: FastifyInstance, caller: Caller, token: string): Promise<LightMyRequestResponse> {
  return callRoute(app, getSubscriptionRoute, { params: { token }, as: caller });
}

/** A persona's user id. */
export async function idOf(db: Db, userName: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}
