import {
  getSubscriptionRoute,
  listNotificationsRoute,
  markAsReadRoute,
  pushConfigRoute,
  subscribeRoute,
  unsubscribeRoute,
  updateSubscriptionRoute,
} from '../../../shared/contract/notifications.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { listNotifications, markAsRead } from './inbox.service.js';
import { pushConfigOf } from './pushConfig.js';
import { loadSubscription, saveSubscription, unsubscribe } from './subscriptions.service.js';

/** Every call works on the caller's own rows only; none takes a user id. */
export function notificationsRoutes({ db, notifier, config, clock }: ServerContext): RouteImplementation[] {
  const deps = { db, push: notifier.push, clock };
  const pushConfig = pushConfigOf(config.push.firebaseWeb, notifier.push);
  return [
    implement(listNotificationsRoute, async ({ user }) => listNotifications(db, user.id)),
    implement(markAsReadRoute, async ({ user, body }) => markAsRead(db, user.id, body, clock.now())),
    implement(getSubscriptionRoute, async ({ user, params }) => loadSubscription(db, user.id, params.token)),
    implement(subscribeRoute, async ({ user, body }) => saveSubscription(deps, user, body, 'create')),
    implement(updateSubscriptionRoute, async ({ user, body }) => saveSubscription(deps, user, body, 'update')),
    implement(unsubscribeRoute, async ({ user, body }) => unsubscribe(db, user.id, body.token)),
    implement(pushConfigRoute, () => pushConfig),
  ];
}
