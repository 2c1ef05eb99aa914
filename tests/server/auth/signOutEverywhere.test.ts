import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { endUserSessionsRoute, usersSearchRoute, viewAsStartRoute, type UserSearchItem } from '../../../src/shared/contract/adminViewAs.js';
import { signOutEverywhereRoute } from '../../../src/shared/contract/auth.js';
import { listAbsencesRoute } from '../../../src/shared/contract/absences.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/** Issue 32, item 3: sign out of all devices, and an administrator's "end all sessions". */
const t = useTestApp();

const json = <T>(response: LightMyRequestResponse): T => JSON.parse(response.body) as T;
const isSignedIn = async (caller: Caller) => json<{ isSignedIn: boolean }>(await t.call(userInfoRoute, { as: caller })).isSignedIn;

describe('sign out of all devices', () => {
  it('ends every session of the user, this one included, and tells each other device to wipe its copy', async () => {
    const phone = await t.signIn('student');
    const laptop = await t.signIn('student');
    const bystander = await t.signIn('student2');
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow();

    const response = await t.call(signOutEverywhereRoute, { as: laptop });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ location: '/landing', endedSessions: 2 });
    expect(response.headers['cache-control']).toBe('no-store');
    // This device's cookies go with the answer.
    expect(response.cookies.find((c) => c.name === 'cc_session')?.value).toBe('');
    expect(await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()).toEqual([]);

    // The phone's next contact: signed out, and told why, on any route.
    const info = await t.call(userInfoRoute, { as: phone });
    expect(json<{ isSignedIn: boolean }>(info).isSignedIn).toBe(false);
    expect(info.headers['x-session-revoked']).toBe('1');
    const list = await t.call(listAbsencesRoute, { as: phone });
    expect(list.statusCode).toBe(401);
    expect(list.headers['x-session-revoked']).toBe('1');

    // Someone else on the same server is untouched, and never told to wipe anything.
    const other = await t.call(userInfoRoute, { as: bystander });
    expect(json<{ isSignedIn: boolean }>(other).isSignedIn).toBe(true);
    expect(other.headers['x-session-revoked']).toBeUndefined();
    const stranger = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: 'cc_session=never-a-session' } });
    expect(stranger.headers['x-session-revoked']).toBeUndefined();

    const audit = await t.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'auth.signOutEverywhere').execute();
    expect(audit).toEqual([{ user_id: user.id, detail: { target: { type: 'user', id: user.id }, context: { endedSessions: 2, ip: '127.0.0.1' } } }]);
  });

  it('keeps the revocation mark until the session would have ended anyway, and housekeeping then removes it', async () => {
    const phone = await t.signIn('student.unknown');
    const laptop = await t.signIn('student.unknown');
    expect((await t.call(signOutEverywhereRoute, { as: laptop })).statusCode).toBe(200);
    const marks = await t.db.selectFrom('revoked_sessions').select(['id_hash', 'expires_at']).execute();
    expect(marks.length).toBeGreaterThanOrEqual(2);
    // Past the absolute expiry: no longer marked, and purged.
    await t.db.updateTable('revoked_sessions').set({ expires_at: new Date(t.clock.nowMs() - 1000) }).execute();
    expect((await t.call(userInfoRoute, { as: phone })).headers['x-session-revoked']).toBeUndefined();
    const { SessionStore } = await import('../../../src/server/auth/session.service.js');
    await new SessionStore(t.db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: true }, t.clock).purgeExpired();
    expect(await t.db.selectFrom('revoked_sessions').select('id_hash').execute()).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const visitor = await t.anonymous();
    expect((await t.call(signOutEverywhereRoute, { as: visitor })).statusCode).toBe(401);
  });
});

describe('an administrator ends all of a user\u2019s sessions', () => {
  it('signs the user out on every device, audits it, and leaves the administrator signed in', async () => {
    const admin = await t.signIn('admin');
    const staff = await t.signIn('staff');
    const staffAgain = await t.signIn('staff');
    const search = json<{ items: UserSearchItem[] }>(await t.call(usersSearchRoute, { as: admin, query: { query: 'staff' } }));
    const target = search.items.find((item) => item.userName === 'staff');
    expect(target?.rowId).toBeGreaterThan(0);

    const response = await t.call(endUserSessionsRoute, { as: admin, params: { rowId: target?.rowId ?? 0 } });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ endedSessions: 2 });
    for (const device of [staff, staffAgain]) {
      const info = await t.call(userInfoRoute, { as: device });
      expect(json<{ isSignedIn: boolean }>(info).isSignedIn).toBe(false);
      expect(info.headers['x-session-revoked']).toBe('1');
    }
    expect(await isSignedIn(admin)).toBe(true);
    const audit = await t.db.selectFrom('audit_log').select(['detail']).where('action', '=', 'admin.users.endSessions').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ target: { type: 'user', id: target?.rowId }, context: { userName: 'staff', endedSessions: 2, ipAddress: '127.0.0.1' } });
  });

  it('leaves an administrator\u2019s view of the user running, and answers 404 for an unknown user', async () => {
    const admin = await t.signIn('admin');
    const viewer = await t.signIn('admin');
    const student = await t.signIn('student2');
    const started = await t.call(viewAsStartRoute, { as: viewer, body: { userName: 'student2', reason: 'Helping' } });
    expect(started.statusCode).toBe(200);
    for (const cookie of started.cookies) viewer.cookies[cookie.name] = cookie.value;
    const studentRow = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student2').executeTakeFirstOrThrow();
    const ended = await t.call(endUserSessionsRoute, { as: admin, params: { rowId: studentRow.id } });
    expect(ended.statusCode).toBe(200);
    expect(await isSignedIn(student)).toBe(false);
    // The view is the administrator's session, not the student's: it carries on.
    const seen = json<{ userName: string; viewAs?: object }>(await t.call(userInfoRoute, { as: viewer }));
    expect(seen).toMatchObject({ userName: 'student2', viewAs: expect.any(Object) });
    const missing = await t.call(endUserSessionsRoute, { as: admin, params: { rowId: 999_999 } });
    expect(missing.statusCode).toBe(404);
  });
});
