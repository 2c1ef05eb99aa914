import { beforeAll, describe, expect, it } from 'vitest';
import { viewAsStartRoute, viewAsStopRoute } from '../../../src/shared/contract/adminViewAs.js';
import { signOutEverywhereRoute } from '../../../src/shared/contract/auth.js';
import { allRoutes } from '../../../src/shared/contract/index.js';
import { isErrorCode, type ErrorCode } from '../../../src/shared/contract/errorCodes.js';
import { isIdempotentByKey, isRawResponse, type Role, type RouteDescriptor } from '../../../src/shared/contract/route.js';
import { integrationScopes } from '../../../src/shared/contract/integrationScopes.js';
import { tokenHash } from '../../../src/server/features/integration/integrationClients.service.js';
import type { Caller } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

/** A persona holding each role; `staff` holds none of them. */
const personaFor: Record<Role, string> = { Student: 'student', TeachingStaff: 'lecturer', Administrator: 'admin' };
const rolesOf: Record<string, readonly Role[]> = { staff: [], support: [], student: ['Student'], lecturer: ['TeachingStaff'], admin: ['Administrator'] };
/**
 * `staff` is the seeded absence reviewer (School Office) and `support` the seeded member of Student
 * Support; students and lecturers hold neither capability.
 */
const capabilityPersona = { absenceReviewer: 'staff', studentSupport: 'support' } as const;
const allowedPersona = (route: RouteDescriptor): string =>
  route.capability ? capabilityPersona[route.capability] : route.roles[0] ? personaFor[route.roles[0]] : 'student';
const isWrite = (route: RouteDescriptor): boolean => route.method !== 'GET';
const urlOf = (route: RouteDescriptor): string => route.path.replace(/:([A-Za-z]+)/g, '1');

/** The SPEC §8 shape, with a known `code` (the one given, when the refusal has only one). */
function expectErrorShape(body: string, code?: ErrorCode): void {
  const parsed = JSON.parse(body) as { message: unknown; errors: unknown; code: unknown };
  expect(typeof parsed.message).toBe('string');
  expect(parsed.errors).toBeTypeOf('object');
  expect(isErrorCode(parsed.code), `code ${String(parsed.code)}`).toBe(true);
  if (code !== undefined) expect(parsed.code).toBe(code);
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
}

const t = useTestApp();
const callers = new Map<string, Caller>();
const callerFor = (userName: string): Caller => {
  const caller = callers.get(userName);
  if (!caller) throw new Error(`no caller for ${userName}`);
  return caller;
};

/** Cookies of sessions that have ended in the ways a browser may still hold them (issue 32). */
const endedCookies = { revoked: '', viewAfterStop: '' };
/** Each persona's second session: the same user on another device. */
const secondSessions = new Map<string, Caller>();

beforeAll(async () => {
  for (const userName of Object.keys(rolesOf)) callers.set(userName, await t.signIn(userName));
  for (const userName of Object.keys(rolesOf)) secondSessions.set(userName, await t.signIn(userName));
  callers.set('anonymous', await t.anonymous());
  // A session ended by "sign out of all devices" on another device.
  const lostPhone = await t.signIn('student2');
  const laptop = await t.signIn('student2');
  expect((await t.call(signOutEverywhereRoute, { as: laptop })).statusCode).toBe(200);
  endedCookies.revoked = lostPhone.headers(false).cookie ?? '';
  // A view's session cookie after the view was stopped (the administrator's own cookie is not sent).
  const viewer = await t.signIn('admin');
  const started = await t.call(viewAsStartRoute, { as: viewer, body: { userName: 'student', reason: 'Route matrix' } });
  expect(started.statusCode).toBe(200);
  const viewCookie = started.cookies.find((c) => c.name === 'cc_session')?.value ?? '';
  const adminAside = started.cookies.find((c) => c.name === 'cc_admin_session')?.value ?? '';
  const stopped = await t.app.inject({
    method: viewAsStopRoute.method,
    url: viewAsStopRoute.path,
    headers: { cookie: `cc_session=${viewCookie}; cc_admin_session=${adminAside}; XSRF-TOKEN=${started.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''}`, 'x-xsrf-token': started.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' },
  });
  expect(stopped.statusCode).toBe(200);
  endedCookies.viewAfterStop = `cc_session=${viewCookie}`;
});

describe('route matrix: every descriptor of the contract', () => {
  it('covers the whole contract', () => {
    expect(allRoutes.length).toBeGreaterThanOrEqual(50);
  });

  const protectedRoutes = allRoutes.filter((route) => !route.isPublic);
  it.each(protectedRoutes.map((r) => [r.id, r] as const))('%s refuses anonymous callers with 401', async (_id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: callerFor('anonymous').headers() });
    expect(response.statusCode).toBe(401);
    expectErrorShape(response.body, 'unauthorized');
  });

  // Machine routes (a `scope`) take a bearer token, not a session or an antiforgery token: their own section below.
  const writes = allRoutes.filter((route) => isWrite(route) && !route.scope);
  it.each(writes.map((r) => [r.id, r] as const))('%s refuses a write without the antiforgery header', async (_id, route) => {
    const caller = callerFor(route.isPublic ? 'anonymous' : allowedPersona(route));
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: caller.headers(false), payload: {} });
    expect(response.statusCode).toBe(403);
    expectErrorShape(response.body, 'xsrf');
    expect(JSON.parse(response.body).errors).toHaveProperty('xsrf');
  });

  it.each(writes.filter((r) => !r.isPublic).map((r) => [r.id, r] as const))(
    '%s refuses an antiforgery token issued to another user',
    async (_id, route) => {
      const ownerName = allowedPersona(route);
      const owner = callerFor(ownerName);
      const other = callerFor(ownerName === 'admin' ? 'student' : 'admin');
      const cookie = owner.headers(false).cookie?.replace(/XSRF-TOKEN=[^;]+/, `XSRF-TOKEN=${other.xsrf}`) ?? '';
      const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: { cookie, 'x-xsrf-token': other.xsrf }, payload: {} });
      expect(response.statusCode).toBe(403);
      expectErrorShape(response.body, 'xsrf');
      expect(JSON.parse(response.body).errors).toHaveProperty('xsrf');
    },
  );

  it.each(writes.filter((r) => !r.isPublic).map((r) => [r.id, r] as const))(
    '%s refuses an antiforgery token of the same user\u2019s other session',
    async (_id, route) => {
      const name = allowedPersona(route);
      const owner = callerFor(name);
      const otherDevice = secondSessions.get(name);
      const cookie = owner.headers(false).cookie?.replace(/XSRF-TOKEN=[^;]+/, `XSRF-TOKEN=${otherDevice?.xsrf ?? ''}`) ?? '';
      const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: { cookie, 'x-xsrf-token': otherDevice?.xsrf ?? '' }, payload: {} });
      expect(response.statusCode).toBe(403);
      expectErrorShape(response.body, 'xsrf');
      expect(JSON.parse(response.body).errors).toHaveProperty('xsrf');
    },
  );

  it.each(protectedRoutes.map((r) => [r.id, r] as const))(
    '%s answers a session ended on another device with 401 and the session-revoked header',
    async (_id, route) => {
      const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: { cookie: endedCookies.revoked }, payload: isWrite(route) ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-session-revoked']).toBe('1');
      expectErrorShape(response.body, 'unauthorized');
    },
  );

  it.each(protectedRoutes.map((r) => [r.id, r] as const))('%s answers a stopped view\u2019s cookie with 401, never as the administrator', async (_id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: { cookie: endedCookies.viewAfterStop }, payload: isWrite(route) ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expectErrorShape(response.body, 'unauthorized');
  });

  const restricted = allRoutes.filter((route) => route.roles.length > 0);
  it.each(restricted.map((r) => [r.id, r] as const))('%s refuses a caller without an allowed role with 403', async (_id, route) => {
    const outsider = Object.keys(rolesOf).find((name) => !route.roles.some((role) => rolesOf[name]?.includes(role)));
    expect(outsider).toBeDefined();
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: callerFor(outsider ?? 'staff').headers(), payload: {} });
    expect(response.statusCode).toBe(403);
    expectErrorShape(response.body, 'forbidden');
  });

  const reviewerOnly = allRoutes.filter((route) => route.capability === 'absenceReviewer');
  it.each(reviewerOnly.flatMap((r) => ['student', 'lecturer'].map((name) => [r.id, name, r] as const)))(
    '%s refuses %s, who is no absence reviewer, with 403',
    async (_id, userName, route) => {
      const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: callerFor(userName).headers(), payload: {} });
      expect(response.statusCode).toBe(403);
      expectErrorShape(response.body, 'forbidden');
    },
  );

  const supportOnly = allRoutes.filter((route) => route.capability === 'studentSupport');
  it('has the Student Support routes', () => expect(supportOnly.length).toBeGreaterThanOrEqual(3));
  it.each(supportOnly.flatMap((r) => ['student', 'lecturer', 'staff'].map((name) => [r.id, name, r] as const)))(
    '%s refuses %s, who is not in Student Support, with 403',
    async (_id, userName, route) => {
      const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: callerFor(userName).headers(), payload: {} });
      expect(response.statusCode).toBe(403);
      expectErrorShape(response.body, 'forbidden');
    },
  );

  // `/%61pi/…` reaches the same route as `/api/…`, but would pass by every hook that reads the path.
  it.each(allRoutes.map((r) => [r.id, r] as const))('%s refuses its path spelled with needless escapes, even for a caller it would serve', async (_id, route) => {
    const caller = callerFor(route.isPublic ? 'anonymous' : allowedPersona(route));
    const response = await t.app.inject({ method: route.method, url: urlOf(route).replace(/^\/api\//, '/%61pi/'), headers: caller.headers(), payload: {} });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.body, 'notFound');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(allRoutes.filter((r) => r.isPublic).map((r) => [r.id, r] as const))('%s is reachable without signing in', async (_id, route) => {
    const response = await t.app.inject({ method: route.method, url: urlOf(route), headers: callerFor('anonymous').headers(), payload: {} });
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).not.toBe(403);
  });

  /**
   * The POST routes that do not honour an Idempotency-Key (issue 29), each for a reason its
   * descriptor gives: sessions and their cookies (sign-in, sign-out, view-as start and stop), the
   * status feed's own protocol, reads sent as POSTs, a machine push (no session to key it by; the same
   * bundle pushed twice changes nothing the second time) and creating an integration client (a
   * retry must neither mint a second token nor show the first one again).
   */
  const unkeyedPosts = ['integration.importPush', 'admin.integrationClientCreate', 'auth.demoSignIn', 'auth.signOutSubmit', 'auth.signOutEverywhere', 'realtime.negotiate', 'realtime.send', 'admin.viewAsStart', 'admin.viewAsStop', 'admin.rulesPreview', 'admin.notificationsRecipients'];
  it('every POST honours an Idempotency-Key, but for the listed exclusions; "send now" does too', () => {
    const posts = allRoutes.filter((route) => route.method === 'POST');
    expect(posts.filter((route) => !isIdempotentByKey(route)).map((route) => route.id).sort()).toEqual([...unkeyedPosts].sort());
    expect(allRoutes.filter((route) => route.method !== 'POST' && isIdempotentByKey(route)).map((route) => route.id)).toEqual(['admin.notificationsUpdate']);
  });

  it.each(allRoutes.filter(isIdempotentByKey).map((r) => [r.id, r] as const))('%s, keyed, is signed-in only and answers JSON or nothing (what a retry can be given again)', (_id, route) => {
    expect(route.isPublic ?? false).toBe(false);
    expect(isRawResponse(route.response) ? route.response.kind : 'json').toMatch(/^(json|empty)$/);
  });
  describe('machine routes (issue 36): a bearer token, within its scopes, and nothing else', () => {
    const machineRoutes = allRoutes.filter((route) => route.scope);
    const tokens = { live: '', revoked: '', expired: '', outOfScope: new Map<string, string>() };
    const mint = async (name: string, scopes: readonly string[], expiresAt?: Date) => {
      const token = `cci_matrix-${name}-${'x'.repeat(20)}`;
      const row = await t.db.insertInto('integration_clients').values({
        name, scopes: [...scopes], token_hash: tokenHash(token), created_at: new Date(0), expires_at: expiresAt ?? new Date('2100-01-01T00:00:00Z'),
      }).returning('id').executeTakeFirstOrThrow();
      return { token, id: row.id };
    };
    beforeAll(async () => {
      tokens.live = (await mint('live', integrationScopes)).token;
      const revoked = await mint('revoked', integrationScopes);
      await t.db.updateTable('integration_clients').set({ revoked_at: new Date(0) }).where('id', '=', revoked.id).execute();
      tokens.revoked = revoked.token;
      tokens.expired = (await mint('expired', integrationScopes, new Date('2000-01-01T00:00:00Z'))).token;
      for (const scope of integrationScopes) tokens.outOfScope.set(scope, (await mint(`without-${scope}`, integrationScopes.filter((s) => s !== scope))).token);
    });
    const call = (route: RouteDescriptor, headers: Record<string, string>) =>
      t.app.inject({ method: route.method, url: urlOf(route), headers, payload: isWrite(route) ? {} : undefined });

    it('has the machine routes, every one under /api/integration/ with no roles', () => {
      expect(machineRoutes.length).toBeGreaterThanOrEqual(2);
      for (const route of machineRoutes) {
        expect(route.path.startsWith('/api/integration/')).toBe(true);
        expect(route.roles).toEqual([]);
      }
      expect(allRoutes.filter((route) => !route.scope && route.path.startsWith('/api/integration/'))).toEqual([]);
    });
    it.each(machineRoutes.map((r) => [r.id, r] as const))('%s refuses a signed-in session with no token (401): every persona, antiforgery token and all', async (_id, route) => {
      for (const name of Object.keys(rolesOf)) {
        const response = await call(route, callerFor(name).headers());
        expect(response.statusCode).toBe(401);
        expectErrorShape(response.body, 'unauthorized');
      }
    });
    it.each(machineRoutes.flatMap((r) => (['revoked', 'expired'] as const).map((kind) => [r.id, kind, r] as const)))('%s refuses a %s token with 401', async (_id, kind, route) => {
      const response = await call(route, { authorization: `Bearer ${tokens[kind]}` });
      expect(response.statusCode).toBe(401);
      expectErrorShape(response.body, 'unauthorized');
    });
    it.each(machineRoutes.map((r) => [r.id, r] as const))('%s refuses a token without its scope with 403', async (_id, route) => {
      const response = await call(route, { authorization: `Bearer ${tokens.outOfScope.get(route.scope ?? '') ?? ''}` });
      expect(response.statusCode).toBe(403);
      expectErrorShape(response.body, 'forbidden');
    });
    it.each(machineRoutes.map((r) => [r.id, r] as const))('%s lets a live token in scope past its access checks, with no antiforgery token', async (_id, route) => {
      const response = await call(route, { authorization: `Bearer ${tokens.live}` });
      expect([401, 403]).not.toContain(response.statusCode);
      if (response.statusCode >= 400) expectErrorShape(response.body);
    });
  });
});

