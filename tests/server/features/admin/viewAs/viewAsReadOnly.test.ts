import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allRoutes } from '../../../../../src/shared/contract/index.js';
import { accountViewsRoute, adminViewAsRoutes, viewAsStartRoute } from '../../../../../src/shared/contract/adminViewAs.js';
import { getAppPreferencesRoute, saveAppPreferencesRoute } from '../../../../../src/shared/contract/preferences.js';
import type { RouteDescriptor } from '../../../../../src/shared/contract/route.js';
import type { Caller } from '../../../../helpers/testApp.js';
import { useTestApp } from '../../../../helpers/useTestApp.js';

/**
 * Walks the whole contract, like the route matrix, in an administrator's view-as session: every
 * write (and every GET marked as one a viewer must not make) is refused with 403 and the read-only
 * message, before its handler runs, and the refusal is logged against the view.
 */
const t = useTestApp();
const urlOf = (route: RouteDescriptor): string => route.path.replace(/:([A-Za-z]+)/g, '1');
const json = <T>(response: LightMyRequestResponse): T => JSON.parse(response.body) as T;

/** The only routes a view may call that are not plain GETs. */
const allowedWrites = ['admin.viewAsStop', 'auth.signOutSubmit'];
/** GETs a view may not call: one writes (enabling the calendar feed), three hand out medical evidence. */
const refusedReads = ['timetable.getIcal', 'timetable.enableIcal', 'absences.file', 'review.file', 'review.filePreview'];

let viewer: Caller;
let viewAsId: number;

function absorb(caller: Caller, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || cookie.maxAge === 0) delete caller.cookies[cookie.name];
    else caller.cookies[cookie.name] = cookie.value;
  }
}

beforeAll(async () => {
  viewer = await t.signIn('admin');
  const started = await t.call(viewAsStartRoute, { as: viewer, body: { userName: 'student', reason: 'Walking the contract' } });
  expect(started.statusCode).toBe(200);
  absorb(viewer, started);
  viewAsId = (await t.db.selectFrom('view_as_sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});

describe('view as is read-only: every route of the contract', () => {
  it('marks exactly the expected routes', () => {
    expect(allRoutes.filter((r) => r.whileViewing === 'allow').map((r) => r.id).sort()).toEqual([...allowedWrites].sort());
    expect(allRoutes.filter((r) => r.method === 'GET' && r.whileViewing === 'refuse').map((r) => r.id).sort()).toEqual([...refusedReads].sort());
  });

  // Machine routes (issue 36) answer no session at all, a view's included: see the last test here.
  const sessionRoutes = allRoutes.filter((r) => !r.scope);
  const refused = sessionRoutes.filter((r) => (r.method !== 'GET' && !allowedWrites.includes(r.id)) || refusedReads.includes(r.id));
  it('has writes to walk', () => {
    expect(refused.length).toBeGreaterThanOrEqual(40);
  });

  it.each(refused.map((r) => [r.id, r] as const))('%s is refused with 403 while viewing, and the refusal is logged', async (id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: viewer.headers(), payload: {} });
    expect(response.statusCode).toBe(403);
    const body = json<{ message: string; errors: Record<string, string[]>; code: string }>(response);
    expect(body.message).toBe('Read only: you are viewing as Amara Okafor. Stop viewing to make changes.');
    expect(body.errors).toHaveProperty('viewAs');
    expect(body.code).toBe('viewAsReadOnly');
    await vi.waitFor(async () => {
      const logged = await t.db
        .selectFrom('view_as_requests')
        .select(['method', 'path', 'status', 'refused'])
        .where('view_as_id', '=', viewAsId)
        .where('route_id', '=', id)
        .execute();
      expect(logged).toEqual([{ method: route.method, path: urlOf(route), status: 403, refused: true }]);
    });
  });

  const reads = sessionRoutes.filter((r) => r.method === 'GET' && !refusedReads.includes(r.id) && !(r.response as { kind?: string }).kind);
  it.each(reads.map((r) => [r.id, r] as const))('%s (a JSON read) is not refused while viewing', async (_id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: viewer.headers() });
    expect(response.statusCode).not.toBe(401);
    if (response.statusCode === 403) expect(json<{ message: string; code: string }>(response)).not.toMatchObject({ code: 'viewAsReadOnly' });
    if (response.statusCode === 403) expect(json<{ message: string }>(response).message).not.toMatch(/^Read only/);
  });

  it.each(allRoutes.filter((r) => r.scope).map((r) => [r.id, r] as const))('%s, a machine route, answers a view\u2019s session with 401: it takes only a bearer token', async (_id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: viewer.headers(), payload: route.method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
  });

  it('leaves the viewed user\'s data alone when a write is refused', async () => {
    const student = await t.signIn('student');
    const own = await t.call(getAppPreferencesRoute, { as: student });
    const before = await t.db.selectFrom('user_preferences').selectAll().execute();
    const response = await t.call(saveAppPreferencesRoute, { as: viewer, body: { isCategoryView: !json<{ isCategoryView: boolean }>(own).isCategoryView } });
    expect(response.statusCode).toBe(403);
    expect(await t.db.selectFrom('user_preferences').selectAll().execute()).toEqual(before);
    expect((await t.call(getAppPreferencesRoute, { as: student })).body).toBe(own.body);
  });
});

describe('the routes of this issue refuse non-administrators', () => {
  it.each(adminViewAsRoutes.flatMap((route) => ['student', 'lecturer', 'staff'].map((userName) => [route.id, userName, route] as const)))(
    '%s refuses %s with 403',
    async (_id, userName, route) => {
      const caller = await t.signIn(userName);
      const response = await t.app.inject({ method: route.method, url: `${urlOf(route)}${route.method === 'GET' ? '?query=student' : ''}`, headers: caller.headers(), payload: { userName: 'student', reason: 'x' } });
      expect(response.statusCode).toBe(403);
      expect(json<{ message: string; errors: object }>(response)).toMatchObject({ message: expect.any(String), errors: expect.any(Object), code: 'forbidden' });
    },
  );

  it('starts no view for a non-administrator', async () => {
    const before = await t.db.selectFrom('view_as_sessions').select('id').execute();
    const student = await t.signIn('student');
    await t.call(viewAsStartRoute, { as: student, body: { userName: 'student2', reason: 'Nosy' } });
    expect(await t.db.selectFrom('view_as_sessions').select('id').execute()).toEqual(before);
  });

  it('lets any signed-in user read their own account views', async () => {
    const student = await t.signIn('student2');
    const response = await t.call(accountViewsRoute, { as: student });
    expect(response.statusCode).toBe(200);
  });
});
