import { z } from './zod';
import { roleSchema, rowId, rowIdParams, storable, textLimits } from './common';
import { isAppPath } from '../rules/notificationLinks';
import { notificationTypeSchema } from './notifications';
import { defineRoute } from './route';

/** The notification centre's limits (campusM's): a short title, a body that may run long. */
export const adminNotificationLimits = { title: 200, body: 3500, url: 2048, listItems: 500 } as const;

/** The placeholder replaced by each recipient's first name, in the title and the body. */
export const FIRSTNAME_PLACEHOLDER = '{FIRSTNAME}';

export const adminNotificationMessages = {
  titleRequired: 'Enter a title.',
  titleTooLong: `The title may have at most ${adminNotificationLimits.title} characters.`,
  bodyRequired: 'Enter the text of the notification.',
  bodyTooLong: `The text may have at most ${adminNotificationLimits.body} characters.`,
  url: 'Enter an app path such as /timetable or an https address.',
  sendAtPast: 'Choose a time in the future, or send it now.',
  /** Said by the form itself: a schedule with no day or no time is never sent. */
  sendAtMissing: 'Choose the day and the time to send it, or send it now.',
  sendAtTooFar: 'Choose a time within the next year.',
  noRecipients: 'Nobody is in this audience.',
  unknownUserNames: 'No user has the user name',
  unknownRules: 'These rules do not exist:',
  unknownGroups: 'These directory groups do not exist:',
  notScheduled: 'Only a scheduled notification can be changed; this one has been sent or cancelled.',
} as const;

/** An app path (`/timetable`, not `//host`) or an absolute https URL. */
export function isNotificationUrl(value: string): boolean {
  if (value.startsWith('/')) return isAppPath(value);
  if (!URL.canParse(value)) return false;
  return new URL(value).protocol === 'https:';
}

const idList = z.array(rowId).check(z.maxLength(200));
const userName = z.string().check(z.trim(), z.minLength(1), z.maxLength(textLimits.short), storable);

/**
 * Who gets it: users matching any of the rules, holding any of the roles, in any of the directory
 * groups, or named. Every list empty means everyone.
 */
export const notificationAudienceSchema = z.object({
  ruleRowIds: z.optional(idList),
  roles: z.optional(z.array(roleSchema).check(z.maxLength(3))),
  adGroupRowIds: z.optional(idList),
  userNames: z.optional(z.array(userName).check(z.maxLength(1000))),
});
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

/** Compose (POST) and edit (PUT) body. No `sendAt`: send now. */
export const composeNotificationSchema = z.object({
  title: z.string().check(
    z.trim(),
    z.minLength(1, adminNotificationMessages.titleRequired),
    z.maxLength(adminNotificationLimits.title, adminNotificationMessages.titleTooLong),
    storable,
  ),
  body: z.string().check(
    z.trim(),
    z.minLength(1, adminNotificationMessages.bodyRequired),
    z.maxLength(adminNotificationLimits.body, adminNotificationMessages.bodyTooLong),
    storable,
  ),
  url: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(adminNotificationLimits.url, adminNotificationMessages.url),
        storable,
        z.refine((value: string) => value === '' || isNotificationUrl(value), adminNotificationMessages.url),
      ),
    ),
  ),
  notificationType: notificationTypeSchema,
  audience: notificationAudienceSchema,
  sendAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});
export type ComposeNotification = z.infer<typeof composeNotificationSchema>;

export const adminNotificationStatusSchema = z.enum(['Scheduled', 'Sending', 'Sent', 'Cancelled']);
export type AdminNotificationStatus = z.infer<typeof adminNotificationStatusSchema>;

const count = z.int().check(z.nonnegative());

/** A composed notification with its history: recipients, pushes delivered and failed, reads. */
export const adminNotificationSchema = z.object({
  rowId,
  title: z.string(),
  body: z.string(),
  url: z.nullable(z.string()),
  notificationType: notificationTypeSchema,
  audience: z.object({
    ruleRowIds: z.array(rowId),
    roles: z.array(z.string()),
    adGroupRowIds: z.array(rowId),
    userNames: z.array(z.string()),
  }),
  sendAt: z.iso.datetime({ offset: true }),
  status: adminNotificationStatusSchema,
  createdBy: z.nullable(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.nullable(z.iso.datetime({ offset: true })),
  recipients: count,
  /** Devices a push service accepted the notification for: each device once, however often it was sent. */
  pushesDelivered: count,
  /** Devices its push never reached (refused, given up, or the device gone). */
  pushesFailed: count,
  readCount: count,
  /** Read count over recipients, 0 to 1; null before anyone got it. */
  readRate: z.nullable(z.number().check(z.gte(0), z.lte(1))),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

/** The live count behind the compose form. */
export const recipientCountSchema = z.object({
  count,
  /** Named users that do not exist (they would make the send fail). */
  unknownUserNames: z.array(z.string()),
});
export type RecipientCount = z.infer<typeof recipientCountSchema>;

export const listAdminNotificationsRoute = defineRoute({
  id: 'admin.notificationsList',
  method: 'GET',
  path: '/api/admin/notifications',
  response: z.array(adminNotificationSchema),
  roles: ['Administrator'],
});

/** Sends now (no sendAt) or schedules through the job queue. */
export const createAdminNotificationRoute = defineRoute({
  id: 'admin.notificationsCreate',
  method: 'POST',
  path: '/api/admin/notifications',
  body: composeNotificationSchema,
  response: adminNotificationSchema,
  roles: ['Administrator'],
});

/** Edits a scheduled notification (409 once it is sent or cancelled); no sendAt sends it now. */
export const updateAdminNotificationRoute = defineRoute({
  id: 'admin.notificationsUpdate',
  method: 'PUT',
  path: '/api/admin/notifications/:rowId',
  params: rowIdParams,
  body: composeNotificationSchema,
  response: adminNotificationSchema,
  roles: ['Administrator'],
  ownedParams: { rowId: null },
  // "Send now" on a scheduled notification is a one-off send: a retry answers the first send.
  isIdempotentByKey: true,
});

/** Cancels a scheduled notification (409 once it is sent); it stays in the history as Cancelled. */
export const cancelAdminNotificationRoute = defineRoute({
  id: 'admin.notificationsCancel',
  method: 'DELETE',
  path: '/api/admin/notifications/:rowId',
  params: rowIdParams,
  response: adminNotificationSchema,
  roles: ['Administrator'],
  ownedParams: { rowId: null },
});

/** How many users an audience reaches now (a POST because the audience may be long). */
export const countRecipientsRoute = defineRoute({
  id: 'admin.notificationsRecipients',
  method: 'POST',
  path: '/api/admin/notifications/recipients',
  body: z.object({ audience: notificationAudienceSchema }),
  response: recipientCountSchema,
  roles: ['Administrator'],
  // A read sent as a POST: a replay would show a stale count.
  isIdempotentByKey: false,
});

export const adminNotificationRoutes = [
  listAdminNotificationsRoute,
  createAdminNotificationRoute,
  updateAdminNotificationRoute,
  cancelAdminNotificationRoute,
  countRecipientsRoute,
] as const;
