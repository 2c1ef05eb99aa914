import {
  cancelAdminNotificationRoute,
  countRecipientsRoute,
  createAdminNotificationRoute,
  listAdminNotificationsRoute,
  updateAdminNotificationRoute,
} from '../../../shared/contract/adminNotifications.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { adminNotificationsFor } from './notifications/adminNotifications.jobs.js';

/** The admin area's notification centre (Administrator only, by the contract). */
export function adminNotificationsRoutes(ctx: ServerContext, jobs: JobQueue): RouteImplementation[] {
  const service = adminNotificationsFor(ctx, jobs);
  return [
    implement(listAdminNotificationsRoute, () => service.list()),
    implement(createAdminNotificationRoute, ({ user, body }) => service.create(user.id, body)),
    implement(updateAdminNotificationRoute, ({ user, params, body }) => service.update(user.id, params.rowId, body)),
    implement(cancelAdminNotificationRoute, ({ user, params }) => service.cancel(user.id, params.rowId)),
    implement(countRecipientsRoute, ({ body }) => service.countRecipients(body.audience)),
  ];
}
