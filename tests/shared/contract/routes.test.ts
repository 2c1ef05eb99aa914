import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { allRoutes, isRawResponse, type HttpMethod } from '../../../src/shared/contract';

const key = (method: string, path: string) => `${method} ${path}`;
const byKey = new Map(allRoutes.map((route) => [key(route.method, route.path), route]));

/** The calls of SPEC §7, with {param} written the Fastify way. */
const specCalls: ReadonlyArray<readonly [HttpMethod, string]> = [
  ['GET', '/api/antiforgerytoken'],
  ['GET', '/api/user/info'],
  ['GET', '/api/user/signout'],
  ['GET', '/api/user/preferences/options'],
  ['PUT', '/api/user/preferences/userapi'],
  ['PUT', '/api/user/preferences/app'],
  ['GET', '/api/user/profile'],
  ['GET', '/api/user/personaltutor'],
  ['GET', '/api/user/analytics'],
  ['POST', '/api/user/feedback'],
  ['POST', '/api/user/feedbackprompt'],
  ['GET', '/api/user/feedbackprompt/date'],
  ['GET', '/api/timetable'],
  ['GET', '/api/timetable/ical'],
  ['GET', '/api/timetable/ical/enable'],
  ['DELETE', '/api/timetable/ical'],
  ['GET', '/api/timetable/servertime'],
  ['GET', '/api/attendance/analysis'],
  ['GET', '/api/attendance/networkstatus'],
  ['PUT', '/api/attendance/register'],
  ['GET', '/api/attendance/absences/config'],
  ['GET', '/api/attendance/absences/requests'],
  ['POST', '/api/attendance/absences/requests'],
  ['PUT', '/api/attendance/absences/requests'],
  ['GET', '/api/attendance/absences/clashingattendance'],
  ['POST', '/api/attendance/absences/requests/:rowId/cancel'],
  ['GET', '/api/attendance/referrals/latest'],
  ['POST', '/api/attendance/referrals/send'],
  ['GET', '/api/content/resources'],
  ['GET', '/api/user/favourites/resources'],
  ['POST', '/api/user/favourites/resources'],
  ['DELETE', '/api/user/favourites/resources/:rowId'],
  ['GET', '/api/content/trending'],
  ['GET', '/api/user/favourites/trending'],
  ['POST', '/api/user/favourites/trending'],
  ['DELETE', '/api/user/favourites/trending/:rowId'],
  ['GET', '/api/user/notifications/subscription/:token'],
  ['POST', '/api/user/notifications/subscription'],
  ['PUT', '/api/user/notifications/subscription'],
  ['POST', '/api/user/notifications/unsubscribe'],
  ['GET', '/api/user/notifications'],
  ['POST', '/api/user/notifications/markAsRead'],
  ['GET', '/api/content/welcomeweek'],
  ['POST', '/api/realtimepingdom/negotiate'],
];

const publicRoutes = [
  'GET /api/antiforgerytoken',
  'GET /api/health',
  'GET /api/user/info',
  'GET /api/user/signin',
  'GET /api/user/signin/callback',
  'GET /api/user/signin/picker.js',
  'POST /api/user/signin/demo',
  'GET /api/user/signout',
  'GET /api/user/signout/page.js',
  'POST /api/user/signout',
  'GET /api/timetable/ical/feed/:uniqueId',
  // The API's own description (issue 36 §5): an integrator reads it before holding a credential.
  'GET /api/openapi.json',
];

describe('route contract', () => {
  it('covers every call of SPEC §7', () => {
    const missing = specCalls.filter(([method, path]) => !byKey.has(key(method, path)));
    expect(missing).toEqual([]);
  });

  it('has exactly the write calls of SPEC §7 plus the few the product adds', () => {
    const specWrites = specCalls.filter(([method]) => method !== 'GET').map(([m, p]) => key(m, p));
    const extraWrites = [
      'POST /api/user/signin/demo', 'POST /api/user/signout', 'POST /api/content/resources/:rowId/open', 'POST /api/admin/timetable/events/:rowId/cancel',
      // Issue 15: the lecturer's register and moving a class.
      'POST /api/staff/register/:eventRowId/close',
      'PUT /api/staff/register/:eventRowId/students/:studentUserId',
      'POST /api/staff/timetable/events/:rowId/move',
      // Issue 15: the school office's decision on an absence request.
      'POST /api/staff/absences/:rowId/decision',
      // Issue 31: undoing that decision within its window.
      'POST /api/staff/absences/:rowId/decision/undo',
      // Issue 16: the admin area's audiences, categories, links and directory groups.
      ...['rules', 'categories', 'links', 'adgroups', 'notifications'].flatMap((set) => [
        `POST /api/admin/${set}`, `PUT /api/admin/${set}/:rowId`, `DELETE /api/admin/${set}/:rowId`,
      ]),
      'POST /api/admin/rules/preview', 'POST /api/admin/notifications/recipients',
      // Issue 18: the status feed's client-to-server messages, and maintenance set by administrators.
      'POST /api/realtimepingdom', 'PUT /api/admin/status/:serviceId/maintenance', 'DELETE /api/admin/status/:serviceId/maintenance',
      // Issue 17: an administrator's read-only view as another user.
      'POST /api/admin/userimpersonation/start', 'POST /api/admin/userimpersonation/stop',
      // Issue 30: the data import (upload a bundle, apply its dry run, revert an applied one).
      'POST /api/admin/imports', 'POST /api/admin/imports/:rowId/apply', 'POST /api/admin/imports/:rowId/revert',
      // Issue 32: sign out of all devices, and an administrator ending a user's sessions.
      'POST /api/user/signout/all', 'POST /api/admin/users/:rowId/sessions/end',
      // Issue 31: Student Support moves a referral on, with a case note.
      'PUT /api/staff/referrals/:rowId',
      // Issue 31 §5: a lecturer turns the check-in code on or off for a class's module.
      'PUT /api/staff/register/:eventRowId/check-in',
      // Issue 36: administrators' integration clients, and a client pushing an import bundle.
      'POST /api/admin/integration-clients', 'DELETE /api/admin/integration-clients/:rowId', 'POST /api/integration/imports',
    ];
    const actual = allRoutes.filter((r) => r.method !== 'GET').map((r) => key(r.method, r.path));
    expect(specWrites).toHaveLength(19);
    expect(actual.sort()).toEqual([...specWrites, ...extraWrites].sort());
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(allRoutes.map((route) => route.id)).size).toBe(allRoutes.length);
    expect(byKey.size).toBe(allRoutes.length);
  });

  it('names ids resource.action', () => {
    for (const route of allRoutes) expect(route.id).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });

  it('keeps every path under /api', () => {
    for (const route of allRoutes) expect(route.path).toMatch(/^\/api\//);
  });

  it('declares a params schema key for each :param, and no others', () => {
    for (const route of allRoutes) {
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      if (names.length === 0) {
        expect(route.params, route.id).toBeUndefined();
        continue;
      }
      expect(route.params, route.id).toBeInstanceOf(z.ZodMiniObject);
      const shape = (route.params as z.ZodMiniObject).shape;
      expect(Object.keys(shape).sort(), route.id).toEqual([...names].sort());
    }
  });

  it('marks exactly the sign-in, info, token, health, calendar feed and API description routes public', () => {
    const actual = allRoutes.filter((r) => r.isPublic).map((r) => key(r.method, r.path));
    expect(actual.sort()).toEqual([...publicRoutes].sort());
    for (const route of allRoutes.filter((r) => r.isPublic)) expect(route.roles).toEqual([]);
  });

  it('gives no body to GET routes and at most one body kind to writes', () => {
    for (const route of allRoutes) {
      if (route.method === 'GET') expect(route.body ?? route.multipart, route.id).toBeUndefined();
      expect(route.body !== undefined && route.multipart !== undefined, route.id).toBe(false);
    }
  });

  it('uses a zod schema or a raw kind for every response', () => {
    for (const route of allRoutes) {
      if (isRawResponse(route.response)) continue;
      expect(route.response, route.id).toBeInstanceOf(z.ZodMiniType);
    }
  });

  it('applies the SPEC §6 roles', () => {
    const roles = (method: string, path: string) => byKey.get(key(method, path))?.roles;
    expect(roles('GET', '/api/timetable')).toEqual(['Student', 'TeachingStaff']);
    expect(roles('GET', '/api/timetable/rooms/:roomId')).toEqual(['Student', 'TeachingStaff']);
    expect(roles('GET', '/api/attendance/analysis')).toEqual(['Student']);
    expect(roles('PUT', '/api/attendance/register')).toEqual(['Student']);
    expect(roles('POST', '/api/attendance/absences/requests')).toEqual(['Student']);
    expect(roles('GET', '/api/attendance/absences/requests/:rowId/files/:fileRowId')).toEqual([
      'Student',
    ]);
    expect(roles('POST', '/api/attendance/referrals/send')).toEqual(['Student']);
    expect(roles('GET', '/api/content/trending')).toEqual(['Student']);
    expect(roles('POST', '/api/user/favourites/trending')).toEqual(['Student']);
    expect(roles('GET', '/api/content/resources')).toEqual([]);
    expect(roles('GET', '/api/user/notifications')).toEqual([]);
    // A lecturer may cancel or move only their own classes (checked per class by the server).
    expect(roles('POST', '/api/admin/timetable/events/:rowId/cancel')).toEqual(['TeachingStaff', 'Administrator']);
    expect(roles('POST', '/api/staff/timetable/events/:rowId/move')).toEqual(['TeachingStaff', 'Administrator']);
    expect(roles('GET', '/api/staff/register/:eventRowId')).toEqual(['TeachingStaff']);
  });

  it('carries the SPEC §9 cache lifetimes', () => {
    const minutes = (path: string) => byKey.get(key('GET', path))?.cacheMinutes;
    expect(minutes('/api/timetable')).toBe(30);
    expect(minutes('/api/timetable/ical')).toBe(30);
    expect(minutes('/api/user/profile')).toBe(60);
    expect(minutes('/api/user/preferences/options')).toBe(60);
    expect(minutes('/api/user/analytics')).toBe(240);
    expect(minutes('/api/user/personaltutor')).toBe(1440);
    expect(minutes('/api/attendance/analysis')).toBe(1440);
    expect(minutes('/api/attendance/absences/config')).toBe(30);
    expect(minutes('/api/attendance/absences/requests')).toBe(60);
    expect(minutes('/api/content/resources')).toBe(60);
  });
});
