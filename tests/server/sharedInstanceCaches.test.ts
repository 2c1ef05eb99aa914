import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelClassRoute } from '../../src/shared/contract/admin.js';
import { openResourceRoute, resourcesRoute, type Resources } from '../../src/shared/contract/resources.js';
import { loadResources, POPULAR_WINDOW_DAYS } from '../../src/server/features/resources/resources.service.js';
import { signOutSubmitRoute } from '../../src/shared/contract/auth.js';
import { timetableRoute, type Timetable } from '../../src/shared/contract/timetable.js';
import { userInfoRoute, type SignedInUserInfo } from '../../src/shared/contract/user.js';
import { buildApp } from '../../src/server/app.js';
import { SettableClock } from '../../src/server/clock.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb, type Db } from '../../src/server/db/database.js';
import { serialiseResponse } from '../../src/server/http/contractRoutes.js';
import { timetableOwner } from '../../src/server/features/timetable/timetable.queries.js';
import { loadTimetable } from '../../src/server/features/timetable/timetable.service.js';
import { callRoute, type CallOptions } from '../helpers/routes.js';
import { signIn } from '../helpers/testApp.js';
import { createTestDatabase, type TestDatabase } from '../helpers/testDb.js';
import { TEST_CLOCK_START } from '../helpers/testClock.js';

/**
 * Two app instances, each with its own pool and its own kept sessions and timetables, on one
 * database: what changes through one instance (or straight in the database) shows on the other at
 * its next request (auth/sessionCache.ts, features/timetable/timetableCache.ts, migration 0018).
 */
let database: TestDatabase;
let dbB: Db;
let a: FastifyInstance;
let b: FastifyInstance;
/** Both instances' clock, from where the seeded template was made: one time, as on one host. */
const clock = new SettableClock(new Date(TEST_CLOCK_START));

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  dbB = createDb(database.connectionString, 5);
  const config = loadConfig({ DEMO: '1', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', SIGNIN_RATE_LIMIT: '1000' });
  [a, b] = await Promise.all([buildApp({ config, db: database.db, clock }), buildApp({ config, db: dbB, clock })]);
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await dbB.destroy();
  await database.drop();
});

const onB = (route: Parameters<typeof callRoute>[1], options: CallOptions) => callRoute(b, route, options);

async function userIdOf(userName: string): Promise<number> {
  return (await database.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

/** The body the uncached path gives: the rows loaded now, validated and serialised by the route's schema. */
async function uncachedTimetable(userName: string): Promise<string> {
  const id = await userIdOf(userName);
  const roles = await database.db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute();
  return serialiseResponse(timetableRoute, await loadTimetable(database.db, timetableOwner(id, roles.map((r) => r.role)), clock.now()));
}

describe('kept sessions across instances', () => {
  it('refuses on B, at once, a session signed out through A', async () => {
    const student = await signIn(a, 'student');
    // B keeps the session from its first request and answers the second from its copy.
    expect((await onB(timetableRoute, { as: student })).statusCode).toBe(200);
    expect((await onB(timetableRoute, { as: student })).statusCode).toBe(200);
    expect((await callRoute(a, signOutSubmitRoute, { as: student })).statusCode).toBe(200);
    expect((await onB(timetableRoute, { as: student })).statusCode).toBe(401);
    expect((await onB(userInfoRoute, { as: student })).json<{ isSignedIn: boolean }>().isSignedIn).toBe(false);
  });

  it('refuses on B a session revoked or expired in the database', async () => {
    const [first, second] = [await signIn(a, 'student'), await signIn(a, 'student')];
    for (const caller of [first, second]) expect((await onB(userInfoRoute, { as: caller })).json<SignedInUserInfo>().isSignedIn).toBe(true);
    const id = await userIdOf('student');
    const sessions = await database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', id).execute();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    // Revoke every session of the user but let one lapse instead: both must stop counting on B.
    const [lapsing, ...revoked] = sessions.map((s) => s.id_hash);
    await database.db.updateTable('sessions').set({ expires_at: new Date(clock.nowMs() - 1000) }).where('id_hash', '=', lapsing ?? '').execute();
    await database.db.deleteFrom('sessions').where('id_hash', 'in', revoked).execute();
    for (const caller of [first, second]) expect((await onB(timetableRoute, { as: caller })).statusCode).toBe(401);
  });

  it("shows on B, at once, a change to the user's roles and group memberships", async () => {
    const staff = await signIn(a, 'staff');
    const withoutExpiry = ({ sessionExpiration: _expiry, ...info }: SignedInUserInfo) => info;
    const before = withoutExpiry((await onB(userInfoRoute, { as: staff })).json<SignedInUserInfo>());
    expect(withoutExpiry((await onB(userInfoRoute, { as: staff })).json<SignedInUserInfo>())).toEqual(before);
    expect(before.userRoles).not.toContain('Administrator');
    const id = await userIdOf('staff');
    await database.db.insertInto('user_roles').values({ user_id: id, role: 'Administrator' }).execute();
    const promoted = (await onB(userInfoRoute, { as: staff })).json<SignedInUserInfo>();
    expect(promoted.userRoles).toContain('Administrator');
    expect(promoted.isAbsenceReviewer).toBe(true);
    await database.db.deleteFrom('user_roles').where('user_id', '=', id).where('role', '=', 'Administrator').execute();
    await database.db.deleteFrom('directory_group_members').where('user_id', '=', id).execute();
    const demoted = (await onB(userInfoRoute, { as: staff })).json<SignedInUserInfo>();
    expect(demoted.userRoles).not.toContain('Administrator');
    expect(demoted.userAdGroups).toEqual([]);
  });

  it('slides the idle expiry on B as the store does', async () => {
    const student = await signIn(a, 'student');
    const first = (await onB(userInfoRoute, { as: student })).json<SignedInUserInfo>();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = (await onB(userInfoRoute, { as: student })).json<SignedInUserInfo>();
    // Answered from B's copy, the idle window still runs from this request.
    expect(Date.parse(second.sessionExpiration)).toBeGreaterThan(Date.parse(first.sessionExpiration));
  });
});

describe('kept timetables across instances', () => {
  it('answers the same bytes as the uncached path, before and after a change', async () => {
    const student = await signIn(a, 'student');
    const kept = await onB(timetableRoute, { as: student });
    expect(kept.body).toBe(await uncachedTimetable('student'));
    expect((await onB(timetableRoute, { as: student })).body).toBe(kept.body);
    const entry = kept.json<Timetable>().timetableEntries[0];
    if (!entry) throw new Error('the seed gives student classes');
    await database.db.updateTable('timetable_events').set({ staff_names: 'Dr Kept Apart' }).where('id', '=', entry.rowId).execute();
    const changed = await onB(timetableRoute, { as: student });
    expect(changed.body).toBe(await uncachedTimetable('student'));
    expect(changed.json<Timetable>().timetableEntries[0]?.staff).toEqual(['Dr Kept Apart']);
  });

  it('shows on B, at once, a class the lecturer cancelled through A', async () => {
    const [student, lecturer] = [await signIn(a, 'student'), await signIn(a, 'lecturer')];
    const mine = (await onB(timetableRoute, { as: student })).json<Timetable>();
    const taught = (await callRoute(a, timetableRoute, { as: lecturer })).json<Timetable>();
    const shared = taught.timetableEntries.find((t) => t.isTaught && !t.isCancelled && mine.timetableEntries.some((m) => m.rowId === t.rowId));
    if (!shared) throw new Error('the seed has a class the lecturer teaches to student');
    // Warm on B for both.
    await onB(timetableRoute, { as: student });
    await onB(timetableRoute, { as: lecturer });
    const cancelled = await callRoute(a, cancelClassRoute, { as: lecturer, params: { rowId: shared.rowId } });
    expect(cancelled.statusCode).toBe(200);
    for (const caller of [student, lecturer]) {
      const after = (await onB(timetableRoute, { as: caller })).json<Timetable>();
      expect(after.timetableEntries.find((e) => e.rowId === shared.rowId)?.isCancelled).toBe(true);
    }
  });

  it('keeps timetables when only the close-registers bookkeeping changes', async () => {
    const before = await database.db.selectFrom('cache_versions' as never).selectAll().execute();
    await database.db.updateTable('timetable_events').set({ register_closed_at: clock.now() }).where('id', '=', (await database.db.selectFrom('timetable_events').select('id').executeTakeFirstOrThrow()).id).execute();
    expect(await database.db.selectFrom('cache_versions' as never).selectAll().execute()).toEqual(before);
  });
});

describe('kept resources across instances', () => {
  const uncachedResources = async (userName: string, now = clock.now()) =>
    serialiseResponse(resourcesRoute, await loadResources(database.db, await userIdOf(userName), now));

  it('answers the uncached bytes, and shows a link hidden by a new rule and a link opened through A', async () => {
    const student = await signIn(a, 'student');
    const kept = await onB(resourcesRoute, { as: student });
    expect(kept.body).toBe(await uncachedResources('student'));
    expect((await onB(resourcesRoute, { as: student })).body).toBe(kept.body);
    const link = kept.json<Resources>().categories[0]?.categoryLinks[0]?.link;
    if (!link) throw new Error('the seed gives student resource links');

    // Only administrators may see the link from now on.
    const rule = await database.db.insertInto('audience_rules').values({ name: 'Admins only', roles: ['Administrator'] }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('resource_link_rules').values({ link_id: link.rowId, rule_id: rule.id }).execute();
    const hidden = await onB(resourcesRoute, { as: student });
    expect(hidden.json<Resources>().categories.flatMap((c) => c.categoryLinks.map((l) => l.link.rowId))).not.toContain(link.rowId);
    expect(hidden.body).toBe(await uncachedResources('student'));

    await database.db.deleteFrom('resource_link_opens').execute();
    const visible = hidden.json<Resources>().categories[0]?.categoryLinks[0]?.link;
    if (!visible) throw new Error('student still sees links');
    expect((await onB(resourcesRoute, { as: student })).json<Resources>().popularResources).toEqual([]);
    expect((await callRoute(a, openResourceRoute, { as: student, params: { rowId: visible.rowId } })).statusCode).toBeLessThan(300);
    expect((await onB(resourcesRoute, { as: student })).json<Resources>().popularResources.map((l) => l.rowId)).toEqual([visible.rowId]);
  });

  it('drops an open from the popular list once it leaves the rolling window, with no write', async () => {
    const start = clock.nowMs();
    const student = await signIn(a, 'student');
    const link = (await onB(resourcesRoute, { as: student })).json<Resources>().categories[0]?.categoryLinks[0]?.link;
    if (!link) throw new Error('the seed gives student resource links');
    await database.db.deleteFrom('resource_link_opens').execute();
    const windowMs = POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000;
    await database.db.insertInto('resource_link_opens').values({ link_id: link.rowId, user_id: null, opened_at: new Date(start - windowMs + 60_000) }).execute();
    expect((await onB(resourcesRoute, { as: student })).json<Resources>().popularResources.map((l) => l.rowId)).toEqual([link.rowId]);
    clock.startAt(start + 120_000);
    const later = await onB(resourcesRoute, { as: student });
    expect(later.json<Resources>().popularResources).toEqual([]);
    expect(later.body).toBe(await uncachedResources('student', new Date(start + 120_000)));
  });
});
