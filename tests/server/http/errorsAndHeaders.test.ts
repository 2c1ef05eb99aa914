import { describe, expect, it } from 'vitest';
import { demoSignInRoute, signInRoute } from '../../../src/shared/contract/auth.js';
import { removeFavouriteResourceRoute } from '../../../src/shared/contract/favourites.js';
import { userInfoRoute } from '../../../src/shared/contract/user.js';
import { callRoute, pathOf } from '../../helpers/routes.js';
import { redactUrl } from '../../../src/server/http/logging.js';
import { anonymous, createTestApp } from '../../helpers/testApp.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const t = useTestApp();

describe('error bodies', () => {
  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const caller = await t.signIn('student');
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1', headers: caller.headers() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(response.body)).toEqual({ message: 'Not found.', errors: { path: ['No route for GET /api/does-not-exist'] }, code: 'notFound' });
  });

  it('maps malformed JSON and schema failures to fields', async () => {
    const visitor = await t.anonymous();
    const malformed = await t.call(demoSignInRoute, { body: '{"userName":', as: visitor, headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ message: 'The request body is not valid JSON.', errors: { body: ['Malformed JSON'] }, code: 'malformed' });

    const invalid = await t.call(demoSignInRoute, { body: { userName: '' }, as: visitor });
    expect(invalid.statusCode).toBe(400);
    const body = JSON.parse(invalid.body) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('One or more fields are invalid.');
    expect(Object.keys(body.errors)).toEqual(['userName']);
  });

  it('validates path parameters', async () => {
    const caller = await t.signIn('student');
    const response = await t.call(removeFavouriteResourceRoute, { params: { rowId: 'not-a-number' }, as: caller });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).errors).toHaveProperty('rowId');
  });
});

describe('security headers', () => {
  it('sends a strict CSP that allows the service worker, plus nosniff and a referrer policy', async () => {
    const response = await t.call(userInfoRoute);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('sign-in rate limit', () => {
  it('refuses the sign-in flood from one address with 429 in the error shape', async () => {
    const limited = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await callRoute(limited.app, signInRoute)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      const refused = await callRoute(limited.app, signInRoute);
      expect(refused.statusCode).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', errors: {}, code: 'rateLimited' });
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in rate limit: only failed and abandoned attempts count', () => {
  it('lets one address sign many people in, and still refuses a flood of failures', async () => {
    const limited = await createTestApp({ SIGNIN_RATE_LIMIT: '3' });
    try {
      // Eight people behind one campus address sign in one after another: picker, then persona.
      for (let i = 0; i < 8; i += 1) {
        expect((await callRoute(limited.app, signInRoute)).statusCode, `start ${i}`).toBe(200);
        const caller = await anonymous(limited.app);
        const done = await callRoute(limited.app, demoSignInRoute, { as: caller, body: { userName: i % 2 ? 'student' : 'lecturer' } });
        expect(done.statusCode, `sign-in ${i}`).toBe(200);
      }
      // Failures are counted: the fourth in the minute is refused.
      const caller = await anonymous(limited.app);
      const failures: number[] = [];
      for (let i = 0; i < 4; i += 1) failures.push((await callRoute(limited.app, demoSignInRoute, { as: caller, body: { userName: 'nobody' } })).statusCode);
      expect(failures).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('demo mode', () => {
  it('shows the persona picker with every persona', async () => {
    const response = await t.call(signInRoute, { query: { returnTo: '/timetable' } });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    for (const userName of ['student', 'student2', 'student.unenrolled', 'student.unknown', 'lecturer', 'staff', 'admin']) {
      expect(response.body).toContain(`data-user-name="${userName}"`);
    }
    expect(response.body).toContain('data-return-to="/timetable"');
  });

  it('refuses an open redirect in returnTo, including tabs, newlines and backslashes browsers would fold away', async () => {
    for (const returnTo of ['//evil.example', '/%09/evil.example', '/%0A/evil.example', '/%5C/evil.example', '/%5Cevil.example', 'https://evil.example']) {
      // Sent as written (not re-encoded), the way an attacker's link arrives.
      const response = await t.app.inject({ method: 'GET', url: `${pathOf(signInRoute)}?returnTo=${returnTo}` });
      expect(response.statusCode, returnTo).toBe(400);
    }
    const fine = await t.app.inject({ method: 'GET', url: `${pathOf(signInRoute)}?returnTo=/timetable%3Fweek%3D2026-11-16` });
    expect(fine.statusCode).toBe(200);
    expect(fine.body).toContain('data-return-to="/timetable?week=2026-11-16"');
  });

  it('does not exist when demo mode is off (production default)', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://campus.test', DEMO: '' });
    try {
      expect(production.config.isDemo).toBe(false);
      const visitor = await anonymous(production.app);
      const response = await callRoute(production.app, demoSignInRoute, { body: { userName: 'student' }, as: visitor });
      expect(response.statusCode).toBe(404);
      expect((await callRoute(production.app, signInRoute)).statusCode).toBe(503);
    } finally {
      await production.close();
    }
  });
});

describe('logging', () => {
  it('redacts calendar feed ids and OIDC codes from logged URLs', () => {
    expect(redactUrl('/api/timetable/ical/feed/abcDEF123456789012345678')).toBe('/api/timetable/ical/feed/[redacted]');
    expect(redactUrl('/api/user/notifications/subscription/tok3n')).toBe('/api/user/notifications/subscription/[redacted]');
    expect(redactUrl('/api/user/signin/callback?code=secret&state=s2&iss=x')).toBe('/api/user/signin/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x');
  });

  it('redacts a secret whose path is spelled with needless escapes, as the router reads it', () => {
    expect(redactUrl('/%61pi/timetable/ical/feed/abc123')).toBe('/api/timetable/ical/feed/[redacted]');
    expect(redactUrl('/api/realtimepingdo%6D?id=tok')).toBe('/api/realtimepingdom?id=%5Bredacted%5D');
  });

  it('redacts the status feed\'s connection token, and only there', () => {
    expect(redactUrl('/api/realtimepingdom?id=c0nnT0ken')).toBe('/api/realtimepingdom?id=%5Bredacted%5D');
    expect(redactUrl('/api/staff/absences?id=7')).toBe('/api/staff/absences?id=7');
  });
});
