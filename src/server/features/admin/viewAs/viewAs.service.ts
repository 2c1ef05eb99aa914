import { sql } from 'kysely';
import { userSearchLimit, type UserSearchItem, type ViewAsSession } from '../../../../shared/contract/adminViewAs.js';
import type { Role } from '../../../../shared/contract/route.js';
import type { Db } from '../../../db/database.js';
import { likePattern } from '../../../db/likePattern.js';

/** Sessions a page of the view-as log holds. */
export const viewAsLogPageSize = 20;

/** Users whose display name, user name or student id contains `query` (any case), best known first. */
export async function searchUsers(db: Db, query: string): Promise<UserSearchItem[]> {
  const pattern = likePattern(query);
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id', 'u.user_name', 'u.display_name', 'u.student_id',
      sql<Role[]>`array(select r.role::text from effective_user_roles r where r.user_id = u.id order by r.role)`.as('roles'),
    ])
    .where((eb) => eb.or([
      eb('u.display_name', 'ilike', pattern),
      eb('u.user_name', 'ilike', pattern),
      eb('u.student_id', 'ilike', pattern),
    ]))
    .orderBy('u.display_name')
    .orderBy('u.user_name')
    .limit(userSearchLimit)
    .execute();
  return rows.map((row) => ({
    rowId: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    studentId: row.student_id,
    roles: row.roles,
    canViewAs: !row.roles.includes('Administrator'),
  }));
}

/** The user to view as, with whether they are an administrator (who cannot be viewed as). */
export async function findViewTarget(db: Db, userName: string): Promise<{ id: number; isAdministrator: boolean } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select(['u.id', sql<boolean>`exists(select 1 from effective_user_roles r where r.user_id = u.id and r.role = 'Administrator')`.as('is_admin')])
    .where('u.user_name', '=', userName)
    .executeTakeFirst();
  return row && { id: row.id, isAdministrator: row.is_admin };
}

/**
 * The log of views, newest first, each with the requests it made. A view that lapsed without
 * anyone coming back to it reads as ended (expired) at its expiry.
 */
export async function readViewAsLog(db: Db, page: number, now: Date): Promise<{ items: ViewAsSession[]; total: number; page: number; pageSize: number }> {
  const [count, rows] = await Promise.all([
    db.selectFrom('view_as_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('view_as_sessions as v')
      .innerJoin('users as a', 'a.id', 'v.admin_user_id')
      .innerJoin('users as t', 't.id', 'v.viewed_user_id')
      .select([
        'v.id', 'v.reason', 'v.started_at', 'v.expires_at', 'v.ended_at', 'v.ended_by', 'v.ip_address', 'v.user_agent',
        'a.user_name as admin_user_name', 'a.display_name as admin_display_name',
        't.user_name as viewed_user_name', 't.display_name as viewed_display_name',
      ])
      .orderBy('v.started_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(viewAsLogPageSize)
      .offset((page - 1) * viewAsLogPageSize)
      .execute(),
  ]);
  const ids = rows.map((row) => row.id);
  const requests = ids.length === 0
    ? []
    : await db.selectFrom('view_as_requests').selectAll().where('view_as_id', 'in', ids).orderBy('at').orderBy('id').execute();
  const items = rows.map((row): ViewAsSession => {
    const lapsed = row.ended_at === null && row.expires_at.getTime() <= now.getTime();
    return {
      rowId: row.id,
      adminUserName: row.admin_user_name,
      adminDisplayName: row.admin_display_name,
      viewedUserName: row.viewed_user_name,
      viewedDisplayName: row.viewed_display_name,
      reason: row.reason,
      startedAt: row.started_at.toISOString(),
      endedAt: (row.ended_at ?? (lapsed ? row.expires_at : null))?.toISOString() ?? null,
      endedBy: row.ended_by ?? (lapsed ? 'expired' : null),
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
      requests: requests
        .filter((request) => request.view_as_id === row.id)
        .map((request) => ({
          at: request.at.toISOString(),
          method: request.method,
          routeId: request.route_id,
          path: request.path,
          status: request.status,
          refused: request.refused,
        })),
    };
  });
  return { items, total: Number(count.n), page, pageSize: viewAsLogPageSize };
}

/** When administrators viewed this user's account, and why; newest first. */
export async function readAccountViews(db: Db, userId: number): Promise<{ at: string; reason: string }[]> {
  const rows = await db
    .selectFrom('view_as_sessions')
    .select(['started_at', 'reason'])
    .where('viewed_user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ at: row.started_at.toISOString(), reason: row.reason }));
}
