import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../shared/contract/route.js';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { endLapsedView, viewerOf } from './viewAsSessions.js';

export const SESSION_COOKIE = 'cc_session';

/** What the sessions table keeps of a session id. */
export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('base64url');

export interface SessionUser {
  readonly id: number;
  readonly userName: string;
  readonly displayName: string;
  readonly firstName: string;
  readonly email: string;
  readonly studentId: string | null;
  readonly staffJobFamily: string | null;
  readonly roles: readonly Role[];
  readonly adGroups: readonly string[];
  /** Reviews absence requests: an Administrator, or a member of an absence-review group. */
  readonly isAbsenceReviewer: boolean;
  /** Works the Student Support referral queue: an Administrator, or a member of a Student Support group. */
  readonly isStudentSupport: boolean;
  /** An import named this person (their records have arrived); false for someone only sign-in knows. */
  readonly isImported: boolean;
}

/** The administrator behind a read-only view-as session (issue 17); `user` is then the viewed user. */
export interface ViewAsIdentity {
  /** The view's row of view_as_sessions. */
  readonly id: number;
  readonly admin: SessionUser;
  /** The administrator's own session, kept aside until the view ends. */
  readonly adminSessionHash: string;
  /** The hard end of the view (it never slides). */
  readonly expiresAt: Date;
}

export interface ActiveSession {
  readonly idHash: string;
  readonly user: SessionUser;
  readonly expiresAt: Date;
  readonly idToken: string | null;
  readonly authMethod: 'demo' | 'oidc';
  /**
   * "Keep me signed in on this device" (issue 34 §5): the session's absolute expiry, which its
   * cookies last until; null when they end with the browser (the default, and every view-as session).
   */
  readonly keepUntil: Date | null;
  /** Set in an administrator's view-as session. */
  readonly viewAs?: ViewAsIdentity;
  /**
   * Set when the session cookie named no live session (a view that lapsed) and the administrator's
   * own cookie brought their session back in this request: its id, which the cookies now carry.
   */
  readonly reissuedId?: string;
}

export interface SessionPolicy {
  readonly idleMinutes: number;
  readonly maxHours: number;
  /** Demo mode: sessions started with a demo persona count. Off, they are refused and deleted. */
  readonly acceptsDemoSessions: boolean;
}

const hashId = hashSessionId;
const minutes = (n: number): number => n * 60_000;
/** How far ahead of the idle window the expiry is written, so a write is needed at most this often. */
const SLIDE_GRANULARITY_MS = 30_000;

export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const [roles, groups] = await Promise.all([
    db.selectFrom('effective_user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute(),
    db
      .selectFrom('directory_group_members as m')
      .innerJoin('directory_groups as g', 'g.id', 'm.group_id')
      .select(['g.name', 'g.is_absence_review_group', 'g.is_student_support_group'])
      .where('m.user_id', '=', userId)
      .orderBy('g.name')
      .execute(),
  ]);
  return {
    id: user.id,
    userName: user.user_name,
    displayName: user.display_name,
    firstName: user.first_name,
    email: user.email,
    studentId: user.student_id,
    staffJobFamily: user.staff_job_family,
    roles: roles.map((r) => r.role),
    adGroups: groups.map((g) => g.name),
    isAbsenceReviewer: roles.some((r) => r.role === 'Administrator') || groups.some((g) => g.is_absence_review_group),
    isStudentSupport: roles.some((r) => r.role === 'Administrator') || groups.some((g) => g.is_student_support_group),
    isImported: user.sourced_id !== null,
  };
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    private readonly clock: Clock,
  ) {}

  /** Creates a new session (a fresh random id: sign-in always rotates it). Returns the raw id for the cookie. */
  async create(
    userId: number,
    authMethod: 'demo' | 'oidc',
    { idToken = null, keepSignedIn = false }: { idToken?: string | null; keepSignedIn?: boolean } = {},
  ): Promise<{ id: string; idHash: string; expiresAt: Date; keepUntil: Date | null }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock.nowMs();
    const absolute = new Date(now + this.policy.maxHours * 3_600_000);
    const expiresAt = new Date(Math.min(now + minutes(this.policy.idleMinutes), absolute.getTime()));
    await this.db
      .insertInto('sessions')
      .values({ id_hash: hashId(id), user_id: userId, created_at: new Date(now), expires_at: expiresAt, absolute_expires_at: absolute, id_token: idToken, auth_method: authMethod, keep_signed_in: keepSignedIn })
      .execute();
    return { id, idHash: hashId(id), expiresAt, keepUntil: keepSignedIn ? absolute : null };
  }

  /**
   * Finds a live session and slides its idle expiry (unless `slide` is false: requests that are
   * not the user's doing, such as the status feed's, must not keep a session alive). Expired
   * sessions are deleted.
   */
  async touch(id: string, { slide = true }: { slide?: boolean } = {}): Promise<ActiveSession | undefined> {
    const idHash = hashId(id);
    // One round trip: the session with its user, roles and groups (every API request runs this).
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('view_as_sessions as v', (join) => join.onRef('v.session_id_hash', '=', 's.id_hash').on('v.ended_at', 'is', null))
      .select([
        'v.id as view_as_id', 'v.admin_user_id', 'v.admin_session_id_hash',
        's.expires_at', 's.absolute_expires_at', 's.id_token', 's.auth_method', 's.keep_signed_in',
        'u.id', 'u.user_name', 'u.display_name', 'u.first_name', 'u.email', 'u.student_id', 'u.staff_job_family', 'u.sourced_id',
        sql<Role[]>`array(select r.role::text from effective_user_roles r where r.user_id = u.id order by r.role)`.as('roles'),
        sql<string[]>`array(select g.name from directory_group_members m join directory_groups g on g.id = m.group_id
          where m.user_id = u.id order by g.name)`.as('ad_groups'),
        sql<boolean>`exists(select 1 from directory_group_members m join directory_groups g on g.id = m.group_id
          where m.user_id = u.id and g.is_absence_review_group)`.as('in_review_group'),
        sql<boolean>`exists(select 1 from directory_group_members m join directory_groups g on g.id = m.group_id
          where m.user_id = u.id and g.is_student_support_group)`.as('in_support_group'),
      ])
      .where('s.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) {
      await endLapsedView(this.db, idHash, this.clock.now());
      return undefined;
    }
    const now = this.clock.nowMs();
    const isDemoRefused = row.auth_method === 'demo' && !this.policy.acceptsDemoSessions;
    if (isDemoRefused || row.expires_at.getTime() <= now || row.absolute_expires_at.getTime() <= now) {
      await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
      if (!isDemoRefused) await endLapsedView(this.db, idHash, this.clock.now());
      return undefined;
    }
    const keepUntil = row.keep_signed_in ? row.absolute_expires_at : null;
    const user: SessionUser = {
      id: row.id,
      userName: row.user_name,
      displayName: row.display_name,
      firstName: row.first_name,
      email: row.email,
      studentId: row.student_id,
      staffJobFamily: row.staff_job_family,
      roles: row.roles,
      adGroups: row.ad_groups,
      isAbsenceReviewer: row.roles.includes('Administrator') || row.in_review_group,
      isStudentSupport: row.roles.includes('Administrator') || row.in_support_group,
      isImported: row.sourced_id !== null,
    };
    if (row.view_as_id !== null && row.admin_user_id !== null && row.admin_session_id_hash !== null) {
      // A view-as session: its hard expiry never slides, and it holds only while its administrator's own session does.
      const viewAs = await viewerOf(this.db, row.view_as_id, row.admin_user_id, row.admin_session_id_hash, row.expires_at, new Date(now));
      if (!viewAs) return undefined;
      return { idHash, user, expiresAt: row.expires_at, idToken: row.id_token, authMethod: row.auth_method, keepUntil, viewAs };
    }
    if (!slide) return { idHash, user, expiresAt: row.expires_at, idToken: row.id_token, authMethod: row.auth_method, keepUntil };
    // The idle window runs from this request. The stored expiry is written a little beyond it, so
    // the writes skipped over the next SLIDE_GRANULARITY_MS never leave less than the full window.
    const absolute = row.absolute_expires_at.getTime();
    const idleEnd = Math.min(now + minutes(this.policy.idleMinutes), absolute);
    const writeAhead = Math.min(idleEnd + SLIDE_GRANULARITY_MS, absolute);
    const stored = row.expires_at.getTime();
    // Write when the stored expiry falls short of the window, or lies beyond what the policy allows now.
    if (stored < idleEnd || stored > writeAhead) {
      await this.db.updateTable('sessions').set({ expires_at: new Date(writeAhead) }).where('id_hash', '=', idHash).execute();
    }
    const expiresAt = new Date(idleEnd);
    return { idHash, user, expiresAt, idToken: row.id_token, authMethod: row.auth_method, keepUntil };
  }

  /**
   * Ends every session of a user (all their devices) and marks each as revoked until its absolute
   * expiry, so the device holding its cookie is told to wipe its copy (`wasRevoked`). A view an
   * administrator holds of the user is the administrator's, not the user's, and is left alone; a
   * view the user holds as an administrator ends with their own session (viewerOf). Returns the
   * hashes of the sessions ended.
   */
  async endAllOf(userId: number): Promise<string[]> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id_hash', 'not in', (eb) => eb.selectFrom('view_as_sessions').select('session_id_hash').where('ended_at', 'is', null))
        .returning(['id_hash', 'absolute_expires_at'])
        .execute();
      if (ended.length > 0) {
        await trx
          .insertInto('revoked_sessions')
          .values(ended.map((row) => ({ id_hash: row.id_hash, user_id: userId, revoked_at: now, expires_at: row.absolute_expires_at })))
          .onConflict((oc) => oc.column('id_hash').doNothing())
          .execute();
      }
      return ended.map((row) => row.id_hash);
    });
  }

  /** Whether a session id names a session ended by `endAllOf` (and not yet past its absolute expiry). */
  async wasRevoked(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('revoked_sessions')
      .select('id_hash')
      .where('id_hash', '=', hashId(id))
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return row !== undefined;
  }

  async destroy(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /** Housekeeping: removes sessions past either expiry, and revocation marks past theirs. */
  async purgeExpired(): Promise<number> {
    const now = this.clock.now();
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
      .executeTakeFirst();
    await this.db.deleteFrom('revoked_sessions').where('expires_at', '<=', now).execute();
    return Number(result.numDeletedRows);
  }
}
