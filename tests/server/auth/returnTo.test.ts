import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';

/** Issue 12, item 3: sign-in's return path must never send the browser to another site. */

const escapes = ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/..//', '/%2e//', '/a/..//'];

let t: TestApp;
let student: Caller;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://campus.example.ac.uk' });
  student = await signIn(t.app, 'student');
});
afterAll(() => t?.close());

const signInWith = (returnTo: string, caller?: Caller) =>
  t.app.inject({ method: 'GET', url: `/api/user/signin?returnTo=${encodeURIComponent(returnTo)}`, headers: caller?.headers(false) ?? {} });

describe('GET /api/user/signin?returnTo=…', () => {
  it.each(escapes)('sends a signed-in user to /home instead of following %s', async (returnTo) => {
    const response = await signInWith(returnTo, student);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/home');
  });

  it.each(escapes)('gives the persona picker /home instead of %s', async (returnTo) => {
    const response = await signInWith(returnTo);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-return-to="/home"');
  });

  it.each([
    ['/timetable', '/timetable'],
    ['/timetable?week=2#today', '/timetable?week=2#today'],
    ['/user/../timetable', '/timetable'],
    ['/a/.//b', '/a//b'],
  ])('follows a path on this site: %s', async (returnTo, location) => {
    const response = await signInWith(returnTo, student);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});
