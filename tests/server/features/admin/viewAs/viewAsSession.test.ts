import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SettableClock } from '../../../../../src/server/clock.js';
import {
  accountViewsRoute,
  usersSearchRoute,
  viewAsLogRoute,
  viewAsStartRoute,
  viewAsStopRoute,
  viewAsMinutes,
} from '../../../../../src/shared/contract/adminViewAs.js';
import { signOutSubmitRoute } from '../../../../../src/shared/contract/auth.js';
import { listAbsencesRoute } from '../../../../../src/shared/contract/absences.js';
import { userInfoRoute, userProfileRoute, type SessionUserInfo } from '../../../../../src/shared/contract/user.js';
import type { Caller } from '../../../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../../../helpers/testClock.js';
import { useTestApp } from '../../../../helpers/useTestApp.js';
import { staleViewMessage } from '../../../../../src/shared/rules/viewAsHeader.js';

/** The app's clock, running from TEST_CLOCK_START; a test moves it forward to let a view lapse. */
const clock = new SettableClock(new Date(TEST_CLOCK_START));
const t = useTestApp({ clock });

const json = <T>(response: LightMyRequestResponse): T => JSON.parse(response.body) as T;

/** Takes the cookies a response sets into the caller's jar, as a browser would. */
function absorb(caller: Caller, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) delete caller.cookies[cookie.name];
    else caller.cookies[cookie.name] = cookie.value;
  }
}

async function startViewing(admin: Caller, userName = 'student', reason = 'Helping with a timetable question'): Promise<LightMyRequestResponse> {
  const response = await t.call(viewAsStartRoute, { as: admin, body: { userName, reason }, headers: { 'user-agent': 'view-as test agent' } });
  absorb(admin, response);
  return response;
}

async function info(caller: Caller): Promise<SessionUserInfo> {
  const response = await t.call(userInfoRoute, { as: caller });
  absorb(caller, response);
  return json<SessionUserInfo>(response);
}

describe('view as: the session', () => {
  it('starts a new session that answers as the viewed user, naming the administrator and a hard expiry', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session;
    const before = t.clock.nowMs();
    const started = await startViewing(admin);
    expect(started.statusCode).toBe(200);
    expect(admin.cookies.cc_session).toBeDefined();
    expect(admin.cookies.cc_session).not.toBe(adminCookie);

    const seen = await info(admin);
    expect(seen.userName).toBe('student');
    expect(seen.isStudentSignedIn).toBe(true);
    expect(seen.userRoles).toEqual(['Student']);
    expect(seen.viewAs).toEqual({ adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: seen.sessionExpiration });
    expect(seen.slidingExpiration).toBe(false);
    const expiresAt = Date.parse(seen.sessionExpiration ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + viewAsMinutes * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(t.clock.nowMs() + viewAsMinutes * 60_000);
    // The same answer came back from start.
    expect(json<SessionUserInfo>(started).viewAs?.adminUserName).toBe('admin');
  });

  it('answers the viewed user\'s own data while viewing', async () => {
    const admin = await t.signIn('admin');
    const student = await t.signIn('student');
    const own = await t.call(listAbsencesRoute, { as: student });
    expect(json<unknown[]>(own).length).toBeGreaterThan(0);
    // The administrator holds no Student role: the list is not theirs to see.
    expect((await t.call(listAbsencesRoute, { as: admin })).statusCode).toBe(403);
    await startViewing(admin);
    const viewed = await t.call(listAbsencesRoute, { as: admin });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).toBe(own.body);
    expect(json<{ displayName: string }>(await t.call(userProfileRoute, { as: admin })).displayName).toBe(json<{ displayName: string }>(await t.call(userProfileRoute, { as: student })).displayName);
  });

  it('stop hands back the administrator\'s own session, with their data intact', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session;
    const ownProfile = (await t.call(userProfileRoute, { as: admin })).body;
    expect(json<{ displayName: string }>(await t.call(userProfileRoute, { as: admin })).displayName).toBe('Sam Taylor');
    await startViewing(admin);
    expect((await info(admin)).userName).toBe('student');

    const stopped = await t.call(viewAsStopRoute, { as: admin });
    absorb(admin, stopped);
    expect(stopped.statusCode).toBe(200);
    expect(json<SessionUserInfo>(stopped).userName).toBe('admin');
    expect(admin.cookies.cc_session).toBe(adminCookie);

    const back = await info(admin);
    expect(back.userName).toBe('admin');
    expect(back.viewAs).toBeUndefined();
    expect(back.slidingExpiration).toBe(true);
    expect((await t.call(userProfileRoute, { as: admin })).body).toBe(ownProfile);
    // The administrator can write again, with the antiforgery token stop handed out.
    const write = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'student2', reason: 'Checking again' } });
    expect(write.statusCode).toBe(200);
  });

  it('keeps the administrator\'s own session row as it was while viewing', async () => {
    const admin = await t.signIn('admin');
    const adminId = Number((await info(admin)).userId);
    const before = await t.db.selectFrom('sessions').select(['id_hash', 'absolute_expires_at']).where('user_id', '=', adminId).execute();
    await startViewing(admin);
    const kept = await t.db.selectFrom('sessions').select(['id_hash', 'expires_at', 'absolute_expires_at']).where('user_id', '=', adminId).execute();
    for (let i = 0; i < 3; i += 1) expect((await info(admin)).userName).toBe('student');
    // Still there, not slid by the view's requests, and waiting past the view's end.
    const after = await t.db.selectFrom('sessions').select(['id_hash', 'expires_at', 'absolute_expires_at']).where('user_id', '=', adminId).execute();
    expect(after).toEqual(kept);
    expect(after.map((row) => row.id_hash).sort()).toEqual(before.map((row) => row.id_hash).sort());
    const view = await t.db.selectFrom('view_as_sessions').select(['expires_at', 'admin_session_id_hash']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const keptRow = after.find((row) => row.id_hash === view.admin_session_id_hash);
    expect(keptRow?.expires_at.getTime()).toBeGreaterThan(view.expires_at.getTime());
  });

  it('expires 30 minutes after the start however active, and then answers as the administrator again', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session;
    await startViewing(admin);
    const firstExpiry = (await info(admin)).sessionExpiration;
    const start = clock.nowMs();
    for (const minute of [5, 10, 15, 20, 25, 29]) {
      clock.startAt(start + minute * 60_000);
      const seen = await info(admin);
      expect(seen.userName).toBe('student');
      expect(seen.sessionExpiration).toBe(firstExpiry);
    }
    clock.startAt(start + viewAsMinutes * 60_000 + 1000);
    const after = await info(admin);
    expect(after.userName).toBe('admin');
    expect(after.viewAs).toBeUndefined();
    expect(admin.cookies.cc_session).toBe(adminCookie);
    expect(admin.cookies.cc_admin_session).toBeUndefined();

    const view = await t.db.selectFrom('view_as_sessions').select(['ended_by', 'ended_at', 'expires_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(view.ended_by).toBe('expired');
    expect(view.ended_at?.getTime()).toBe(view.expires_at.getTime());
    expect(Date.parse(firstExpiry ?? '')).toBe(view.expires_at.getTime());
  });

  it('hands the administrator back even when housekeeping already purged the lapsed view', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session;
    await startViewing(admin);
    const view = await t.db.selectFrom('view_as_sessions').select(['id', 'session_id_hash']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.deleteFrom('sessions').where('id_hash', '=', view.session_id_hash).execute();
    const after = await info(admin);
    expect(after.userName).toBe('admin');
    expect(admin.cookies.cc_session).toBe(adminCookie);
    const ended = await t.db.selectFrom('view_as_sessions').select('ended_by').where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(ended.ended_by).toBe('expired');
    // A cookie that merely looks like a view's names no one.
    const forged = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: 'cc_session=not-a-session' } });
    expect(json<SessionUserInfo>(forged).isSignedIn).toBe(false);
  });

  it('keeps the administrator\'s own session aside in an http-only cookie of its own while viewing', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session;
    const started = await startViewing(admin);
    const aside = started.cookies.find((cookie) => cookie.name === 'cc_admin_session');
    expect(aside).toMatchObject({ value: adminCookie, httpOnly: true, path: '/' });
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    // Handed back: the session cookie is the administrator's again, and the one aside is gone.
    expect(admin.cookies.cc_session).toBe(adminCookie);
    expect(admin.cookies.cc_admin_session).toBeUndefined();
  });

  it('the view\'s old cookie answers as no one at once after the stop, and after a lapse', async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin);
    const viewCookie = admin.cookies.cc_session ?? '';
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    const withOld = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(json<SessionUserInfo>(await withOld(`cc_session=${viewCookie}`)).isSignedIn).toBe(false);
    expect((await t.call(listAbsencesRoute, { headers: { cookie: `cc_session=${viewCookie}` } })).statusCode).toBe(401);
    // The administrator's own cookie still works.
    expect((await info(admin)).userName).toBe('admin');

    // A view that lapses: its cookie alone brings no one back; the administrator's own cookie does.
    await startViewing(admin);
    const lapsing = admin.cookies.cc_session ?? '';
    const view = await t.db.selectFrom('view_as_sessions').select(['id', 'session_id_hash']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.updateTable('sessions').set({ expires_at: new Date(t.clock.nowMs() - 1000) }).where('id_hash', '=', view.session_id_hash).execute();
    expect(json<SessionUserInfo>(await withOld(`cc_session=${lapsing}`)).isSignedIn).toBe(false);
    const ended = await t.db.selectFrom('view_as_sessions').select('ended_by').where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(ended.ended_by).toBe('expired');
    expect((await info(admin)).userName).toBe('admin');
    expect(admin.cookies.cc_admin_session).toBeUndefined();
  });

  it('stop without the administrator\'s own cookie ends the view and asks them to sign in again', async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin);
    delete admin.cookies.cc_admin_session;
    const stopped = await t.call(viewAsStopRoute, { as: admin });
    expect(stopped.statusCode).toBe(401);
    expect(json<{ message: string }>(stopped).message).toBe('Your own session has ended. Please sign in again.');
    absorb(admin, stopped);
    expect((await info(admin)).isSignedIn).toBe(false);
    const view = await t.db.selectFrom('view_as_sessions').select('ended_by').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(view.ended_by).toBe('stopped');
  });

  it('signing out while viewing signs the administrator out altogether', async () => {
    const admin = await t.signIn('admin');
    const adminCookie = admin.cookies.cc_session ?? '';
    await startViewing(admin);
    const out = await t.call(signOutSubmitRoute, { as: admin });
    expect(out.statusCode).toBe(200);
    absorb(admin, out);
    expect((await info(admin)).isSignedIn).toBe(false);
    // The kept session is gone too: its old cookie signs no one in.
    const oldCookie = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: `cc_session=${adminCookie}` } });
    expect(json<SessionUserInfo>(oldCookie).isSignedIn).toBe(false);
    const view = await t.db.selectFrom('view_as_sessions').select('ended_by').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(view.ended_by).toBe('signedOut');
  });
});

describe('view as: starting', () => {
  it('refuses to view as an administrator', async () => {
    const admin = await t.signIn('admin');
    const studentRow = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student2').executeTakeFirstOrThrow();
    const other = await t.db
      .insertInto('users')
      .values({ user_name: 'admin.two', display_name: 'Alex Admin', first_name: 'Alex', email: 'a.admin@campus.example.ac.uk' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: other.id, role: 'Administrator' }).execute();
    expect(studentRow.id).not.toBe(other.id);
    for (const userName of ['admin.two', 'admin']) {
      const response = await t.call(viewAsStartRoute, { as: admin, body: { userName, reason: 'Curious' } });
      expect(response.statusCode).toBe(403);
      expect(json<{ message: string; errors: Record<string, string[]> }>(response)).toMatchObject({
        message: 'Administrators cannot be viewed as.',
        errors: { userName: expect.any(Array) },
      });
    }
    expect(await t.db.selectFrom('view_as_sessions').select('id').where('viewed_user_id', '=', other.id).execute()).toEqual([]);
    const search = json<{ items: { userName: string; canViewAs: boolean }[] }>(await t.call(usersSearchRoute, { as: admin, query: { query: 'admin' } }));
    expect(search.items.find((item) => item.userName === 'admin.two')?.canViewAs).toBe(false);
  });

  it('answers 404 for an unknown user and 400 without a reason or with one too long', async () => {
    const admin = await t.signIn('admin');
    const unknown = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'nobody.here', reason: 'Why not' } });
    expect(unknown.statusCode).toBe(404);
    expect(json<{ errors: object }>(unknown).errors).toHaveProperty('userName');
    const noReason = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'student', reason: '   ' } });
    expect(noReason.statusCode).toBe(400);
    expect(json<{ errors: object }>(noReason).errors).toHaveProperty('reason');
    const long = await t.call(viewAsStartRoute, { as: admin, body: { userName: 'student', reason: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    expect(json<{ errors: object }>(long).errors).toHaveProperty('reason');
  });

  it('finds users by name, user name or student id', async () => {
    const admin = await t.signIn('admin');
    const student = await t.db.selectFrom('users').select(['display_name', 'student_id']).where('user_name', '=', 'student').executeTakeFirstOrThrow();
    for (const query of ['student', student.display_name.split(' ')[0] ?? '', student.student_id ?? '']) {
      const response = await t.call(usersSearchRoute, { as: admin, query: { query } });
      expect(response.statusCode).toBe(200);
      const items = json<{ items: { userName: string; canViewAs: boolean; studentId: string | null }[] }>(response).items;
      expect(items.find((item) => item.userName === 'student')).toMatchObject({ canViewAs: true, studentId: student.student_id });
    }
    const short = await t.call(usersSearchRoute, { as: admin, query: { query: 's' } });
    expect(short.statusCode).toBe(400);
  });
});

describe('view as: audit and transparency', () => {
  it('audits start and stop with the reason, address, user agent and view id', async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin, 'student2', 'Checking the attendance record');
    absorb(admin, await t.call(viewAsStopRoute, { as: admin, headers: { 'user-agent': 'view-as test agent' } }));
    const view = await t.db.selectFrom('view_as_sessions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(view).toMatchObject({ reason: 'Checking the attendance record', ended_by: 'stopped', user_agent: 'view-as test agent', ip_address: '127.0.0.1' });
    const entries = await t.db.selectFrom('audit_log').select(['user_id', 'action', 'detail']).where('action', 'like', 'admin.viewAs.%').orderBy('id', 'desc').limit(2).execute();
    const adminId = view.admin_user_id;
    const [stop, start] = entries;
    expect(start).toMatchObject({
      user_id: adminId,
      action: 'admin.viewAs.start',
      detail: { target: { type: 'user', id: view.viewed_user_id }, context: { reason: 'Checking the attendance record', ipAddress: '127.0.0.1', userAgent: 'view-as test agent', viewAsSessionId: view.id } },
    });
    expect(stop).toMatchObject({
      user_id: adminId,
      action: 'admin.viewAs.stop',
      detail: { target: { type: 'user', id: view.viewed_user_id }, context: { viewAsSessionId: view.id, endedBy: 'stopped', ipAddress: '127.0.0.1' } },
    });
  });

  it('logs the requests made while viewing, newest session first', async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin, 'student', 'Looking at favourites');
    await t.call(listAbsencesRoute, { as: admin });
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    await vi.waitFor(async () => {
      const log = json<{ items: { reason: string; endedBy: string | null; requests: { routeId: string | null; status: number; refused: boolean }[] }[] }>(
        await t.call(viewAsLogRoute, { as: admin }),
      );
      const newest = log.items[0];
      expect(newest?.reason).toBe('Looking at favourites');
      expect(newest?.endedBy).toBe('stopped');
      expect(newest?.requests.map((r) => [r.routeId, r.status, r.refused])).toEqual([
        ['absences.list', 200, false],
        ['admin.viewAsStop', 200, false],
      ]);
    });
  });

  it('shows the viewed user when and why their account was viewed, also while viewing', async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin, 'student.unknown', 'Their absence form would not send');
    const whileViewing = json<{ at: string; reason: string }[]>(await t.call(accountViewsRoute, { as: admin }));
    expect(whileViewing[0]?.reason).toBe('Their absence form would not send');
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    const viewed = await t.signIn('student.unknown');
    const views = json<{ at: string; reason: string }[]>(await t.call(accountViewsRoute, { as: viewed }));
    expect(views).toEqual([{ at: expect.any(String), reason: 'Their absence form would not send' }]);
    expect(json<unknown[]>(await t.call(accountViewsRoute, { as: admin }))).toEqual([]);
  });
});

describe('view as: a page still showing a view that has ended', () => {
  it("refuses its writes, which now carry the administrator's own cookies, before anything runs", async () => {
    const admin = await t.signIn('admin');
    await startViewing(admin);
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    expect((await info(admin)).userName).toBe('admin');
    const before = await t.db.selectFrom('user_preferences').selectAll().execute();

    // The other tab still believes it views as the student, and says so on its write.
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/user/preferences/app',
      headers: { ...admin.headers(), 'content-type': 'application/json', 'x-viewing-as': '1' },
      payload: JSON.stringify({ theme: 'dark' }),
    });
    expect(write.statusCode).toBe(403);
    expect(json<{ message: string; code: string }>(write)).toMatchObject({ message: staleViewMessage, code: 'staleView' });
    expect(await t.db.selectFrom('user_preferences').selectAll().execute()).toEqual(before);
    // Without the header (a page that knows it is the administrator's) the same session may write.
    expect((await info(admin)).userName).toBe('admin');
  });
});

describe('view as: whose answer it is', () => {
  it("names the session's user on every API answer: the viewed user's while viewing, the administrator's after", async () => {
    const admin = await t.signIn('admin');
    const own = await info(admin);
    await startViewing(admin);
    const viewing = await t.call(listAbsencesRoute, { as: admin });
    const student = await info(admin);
    expect(viewing.headers['x-session-user']).toBe(student.userId);
    absorb(admin, await t.call(viewAsStopRoute, { as: admin }));
    const after = await t.call(userInfoRoute, { as: admin });
    expect(after.headers['x-session-user']).toBe(own.userId);
    expect(student.userId).not.toBe(own.userId);
  });
});
