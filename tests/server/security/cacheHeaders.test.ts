import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../src/shared/contract/index.js';
import type { RouteDescriptor } from '../../../src/shared/contract/route.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';

// Personal answers must not be kept by any cache, the browser's disk cache included (ASVS 5.0
// V14.3): `no-store`, not `private, no-cache`, which still lets the browser store them.

let t: TestApp;
const callers: Record<string, Caller> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const userName of ['student', 'lecturer', 'admin']) callers[userName] = await signIn(t.app, userName);
});
afterAll(() => t.close());

const personaFor = (route: RouteDescriptor): string =>
  route.roles.includes('Student') || route.roles.length === 0 ? 'student' : route.roles.includes('TeachingStaff') ? 'lecturer' : 'admin';

async function get(url: string, userName = 'student', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...callers[userName]?.headers(), ...headers } });
}

describe('personal API answers are never stored', () => {
  const signedInReads = allRoutes.filter((route) => route.method === 'GET' && !route.isPublic && !route.path.includes(':'));

  it.each(signedInReads.map((route) => [route.id, route] as const))('%s answers with Cache-Control: no-store', async (_id, route) => {
    // Some need a query (an answer in the error shape) or are not built yet (501): stored by no cache either.
    const response = await get(route.path, personaFor(route));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('covers the profile, timetable, analysis, absences, notifications and the iCal subscription, each answering 200', async () => {
    for (const path of ['/api/user/profile', '/api/user/analytics', '/api/timetable', '/api/attendance/analysis', '/api/attendance/absences/requests', '/api/user/notifications', '/api/timetable/ical', '/api/user/info']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('the calendar feed, whose address is its secret, is not stored either', async () => {
    const enabled = await get('/api/timetable/ical/enable');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.headers['cache-control']).toBe('no-store');
    const { uniqueId } = JSON.parse(enabled.body) as { uniqueId: string };
    const feed = await t.app.inject({ method: 'GET', url: `/api/timetable/ical/feed/${uniqueId}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toBe('no-store');
  });

  it('error answers under /api are not stored', async () => {
    const response = await get('/api/no-such-route');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('revalidation still works', () => {
  it('answers a conditional GET with the current ETag with 304, and a stale one with the data', async () => {
    const first = await get('/api/timetable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const unchanged = await get('/api/timetable', 'student', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const stale = await get('/api/timetable', 'student', { 'if-none-match': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });
});
