import { z } from './zod';
import { isoDateTime, rowIdParam, rowIdParams, roleSchema, text, textLimits } from './common';
import { defineRoute } from './route';
import { signedInUserInfoSchema } from './user';

/**
 * Issue 17: an administrator's read-only "view as". The server holds a separate session naming both
 * the viewed user and the administrator; while it lasts every write is refused centrally (see
 * `RouteDescriptor.whileViewing`) and every request is logged.
 */

/** The longest a view-as session lasts, however active it is (it never slides). */
export const viewAsMinutes = 30;
/** The most a reason may hold. */
export const viewAsReasonMaxLength = 500;

/** A user an administrator can find to view as. */
export const userSearchItemSchema = z.object({
  /** The user's row id, for the per-user admin routes (end all sessions). */
  rowId: z.int(),
  userName: z.string(),
  displayName: z.string(),
  /** The student number; null for staff. */
  studentId: z.nullable(z.string()),
  roles: z.array(roleSchema),
  /** False for administrators, who cannot be viewed as. */
  canViewAs: z.boolean(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

/** At most this many users come back from one search. */
export const userSearchLimit = 20;

/** Users whose display name, user name or student id contains the query (any case); 2+ characters. */
export const usersSearchRoute = defineRoute({
  id: 'admin.usersSearch',
  method: 'GET',
  path: '/api/admin/users',
  query: z.object({
    query: text(textLimits.short, { trim: true }).check(z.minLength(2, 'Type at least 2 characters')),
  }),
  response: z.object({ items: z.array(userSearchItemSchema) }),
  roles: ['Administrator'],
});

export const viewAsStartSchema = z.object({
  userName: text(textLimits.short, { trim: true }).check(z.minLength(1, 'Choose a user')),
  reason: text(viewAsReasonMaxLength, { trim: true }).check(z.minLength(1, 'Give a reason')),
});
export type ViewAsStart = z.infer<typeof viewAsStartSchema>;

/**
 * Starts viewing as a user: the session cookie is rotated to a new view-as session (the
 * administrator's own session is kept and comes back on stop). Answers the viewed user's info,
 * with `viewAs` set.
 */
export const viewAsStartRoute = defineRoute({
  id: 'admin.viewAsStart',
  method: 'POST',
  path: '/api/admin/userimpersonation/start',
  body: viewAsStartSchema,
  response: signedInUserInfoSchema,
  roles: ['Administrator'],
  // Like a sign-in: it swaps the session cookies, which a replayed body could not do.
  isIdempotentByKey: false,
});

/**
 * Ends the view-as session and puts the administrator's own session back. The one write a view-as
 * session may make; its role check runs against the administrator behind the session.
 */
export const viewAsStopRoute = defineRoute({
  id: 'admin.viewAsStop',
  method: 'POST',
  path: '/api/admin/userimpersonation/stop',
  response: signedInUserInfoSchema,
  roles: ['Administrator'],
  whileViewing: 'allow',
  // Like a sign-out: harmless twice, and it swaps the session cookies back.
  isIdempotentByKey: false,
});

/** One request made while viewing, as the log keeps it. */
export const viewAsRequestSchema = z.object({
  at: isoDateTime,
  method: z.string(),
  /** The contract route id, or null for a path outside the contract. */
  routeId: z.nullable(z.string()),
  path: z.string(),
  status: z.int(),
  /** True when it was a write the read-only check refused. */
  refused: z.boolean(),
});
export type ViewAsRequest = z.infer<typeof viewAsRequestSchema>;

/** One view-as session, newest first in the log. */
export const viewAsSessionSchema = z.object({
  rowId: z.number(),
  adminUserName: z.string(),
  adminDisplayName: z.string(),
  viewedUserName: z.string(),
  viewedDisplayName: z.string(),
  reason: z.string(),
  startedAt: isoDateTime,
  /** When it was stopped or lapsed; null while it runs. */
  endedAt: z.nullable(isoDateTime),
  endedBy: z.nullable(z.enum(['stopped', 'expired', 'signedOut'])),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  requests: z.array(viewAsRequestSchema),
});
export type ViewAsSession = z.infer<typeof viewAsSessionSchema>;

export const viewAsLogRoute = defineRoute({
  id: 'admin.viewAsLog',
  method: 'GET',
  path: '/api/admin/userimpersonation/log',
  query: z.object({ page: z.optional(rowIdParam) }),
  response: z.object({
    items: z.array(viewAsSessionSchema),
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.gte(1)),
    pageSize: z.int().check(z.gte(1)),
  }),
  roles: ['Administrator'],
});

/**
 * The signed-in user's own record of administrators viewing their account (the reason and when),
 * newest first. Empty when `VIEW_AS_NOTICE` turns the notice off.
 */
export const accountViewsRoute = defineRoute({
  id: 'user.accountViews',
  method: 'GET',
  path: '/api/user/accountviews',
  response: z.array(z.object({ at: isoDateTime, reason: z.string() })),
  roles: [],
});

/**
 * Ends every session of one user (all their devices), closes their status-feed streams, and is
 * audited. Their devices wipe their offline copies the next time they reach the server. Views
 * administrators hold of the user are not sessions of theirs and carry on.
 */
export const endUserSessionsRoute = defineRoute({
  id: 'admin.endUserSessions',
  method: 'POST',
  path: '/api/admin/users/:rowId/sessions/end',
  params: rowIdParams,
  response: z.object({ endedSessions: z.int().check(z.nonnegative()) }),
  roles: ['Administrator'],
  // Any user's row, for an administrator: not a record one user owns.
  ownedParams: { rowId: null },
});

export const adminViewAsRoutes = [usersSearchRoute, viewAsStartRoute, viewAsStopRoute, viewAsLogRoute, endUserSessionsRoute] as const;
