import { sql } from 'kysely';
import { viewAsMinutes } from '../../shared/contract/adminViewAs.js';
import { recordAudit } from '../audit/auditLog.js';
import type { Db } from '../db/database.js';
import type { ViewAsEndedBy } from '../db/schema.viewAs.js';
import { loadSessionUser, type ViewAsIdentity } from './session.service.js';

/**
 * The session side of an administrator's read-only "view as" (issue 17). A view is a row of
 * `sessions` for the viewed user plus a row of `view_as_sessions` naming the administrator. The
 * administrator's own session row stays as it was, aside, and their browser keeps its id in a
 * cookie of its own (cc_admin_session) while the session cookie holds the view's. Only that cookie
 * hands the administrator's session back, on stop or once the view has lapsed: the view's cookie
 * is never a key to the administrator's session, and answers as no one once the view has ended.
 */

export interface StartedView {
  readonly viewAsId: number;
  readonly expiresAt: Date;
}

/**
 * Opens a view: the view's session row (for the viewed user, expiring `viewAsMinutes` from now, or
 * sooner when the administrator's own session ends sooner; it never slides) and its record. The
 * administrator's session is kept; its idle expiry is set past the view's end, so it is still there
 * to come back to on stop. Runs in the caller's transaction (with its audit entry).
 */
export async function openView(
  trx: Db,
  view: {
    readonly viewSessionHash: string;
    readonly adminSessionHash: string;
    readonly adminUserId: number;
    readonly viewedUserId: number;
    readonly reason: string;
    readonly ipAddress: string | null;
    readonly userAgent: string | null;
    readonly idleMinutes: number;
  },
  at: Date,
): Promise<StartedView> {
  const admin = await trx
    .selectFrom('sessions')
    .select(['absolute_expires_at', 'id_token', 'auth_method'])
    .where('id_hash', '=', view.adminSessionHash)
    .executeTakeFirstOrThrow();
  const now = at.getTime();
  const expiresAt = new Date(Math.min(now + viewAsMinutes * 60_000, admin.absolute_expires_at.getTime()));
  await trx
    .insertInto('sessions')
    .values({
      id_hash: view.viewSessionHash,
      user_id: view.viewedUserId,
      created_at: at,
      expires_at: expiresAt,
      absolute_expires_at: expiresAt,
      // The administrator's sign-in, so signing out from the view can end their provider session too.
      id_token: admin.id_token,
      auth_method: admin.auth_method,
    })
    .execute();
  const keptUntil = Math.min(expiresAt.getTime() + view.idleMinutes * 60_000, admin.absolute_expires_at.getTime());
  await trx.updateTable('sessions').set({ expires_at: new Date(keptUntil) }).where('id_hash', '=', view.adminSessionHash).execute();
  const row = await trx
    .insertInto('view_as_sessions')
    .values({
      admin_user_id: view.adminUserId,
      viewed_user_id: view.viewedUserId,
      reason: view.reason,
      started_at: new Date(now),
      expires_at: expiresAt,
      ip_address: view.ipAddress,
      user_agent: view.userAgent,
      session_id_hash: view.viewSessionHash,
      admin_session_id_hash: view.adminSessionHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { viewAsId: row.id, expiresAt };
}

/**
 * Ends a view that is still open: records how, deletes the view's session row and, when it ended
 * by signing out, the administrator's kept session too. The audit entry says who was viewed and
 * how it ended. Returns false when the view had ended already (nothing is written).
 */
export async function endView(
  db: Db,
  viewAsId: number,
  endedBy: ViewAsEndedBy,
  now: Date,
  context: Record<string, unknown> = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('view_as_sessions')
      // The app's clock, as the expiry checks read it; a lapsed view ended at its expiry.
      .set({ ended_at: sql<Date>`least(${now}::timestamptz, expires_at)`, ended_by: endedBy })
      .where('id', '=', viewAsId)
      .where('ended_at', 'is', null)
      .returning(['admin_user_id', 'viewed_user_id', 'session_id_hash', 'admin_session_id_hash'])
      .executeTakeFirst();
    if (!ended) return false;
    const hashes = endedBy === 'signedOut' ? [ended.session_id_hash, ended.admin_session_id_hash] : [ended.session_id_hash];
    await trx.deleteFrom('sessions').where('id_hash', 'in', hashes).execute();
    await recordAudit(trx, {
      at: now,
      actorUserId: ended.admin_user_id,
      action: 'admin.viewAs.stop',
      target: { type: 'user', id: ended.viewed_user_id },
      context: { viewAsSessionId: viewAsId, endedBy, ...context },
    });
    return true;
  });
}

/**
 * The administrator behind a live view, or undefined when the view cannot go on: their own kept
 * session is gone or past its absolute expiry, or they are no longer an administrator (the view
 * is then ended as expired).
 */
export async function viewerOf(db: Db, viewAsId: number, adminUserId: number, adminSessionHash: string, expiresAt: Date, now: Date): Promise<ViewAsIdentity | undefined> {
  const [admin, kept] = await Promise.all([
    loadSessionUser(db, adminUserId),
    db.selectFrom('sessions').select('absolute_expires_at').where('id_hash', '=', adminSessionHash).executeTakeFirst(),
  ]);
  if (!admin || !kept || kept.absolute_expires_at.getTime() <= now.getTime() || !admin.roles.includes('Administrator')) {
    await endView(db, viewAsId, 'expired', now);
    return undefined;
  }
  return { id: viewAsId, admin, adminSessionHash, expiresAt };
}

/**
 * For a cookie that names no live session: when it named a view still recorded as open (its
 * session lapsed, or housekeeping purged it), the view is recorded as ended by expiry.
 */
export async function endLapsedView(db: Db, viewSessionHash: string, now: Date): Promise<void> {
  const view = await db
    .selectFrom('view_as_sessions')
    .select('id')
    .where('session_id_hash', '=', viewSessionHash)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (view) await endView(db, view.id, 'expired', now);
}
