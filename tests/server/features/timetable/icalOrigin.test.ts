import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../helpers/testApp.js';

/**
 * Issue 12, item 6: with PUBLIC_ORIGIN unset, the calendar feed URL (whose id is its credential)
 * must not be built from the caller's Host header.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ HOST: '127.0.0.1', PORT: '8080' });
});
afterAll(() => t?.close());

describe('the calendar feed URL without PUBLIC_ORIGIN', () => {
  it('is on the address the server listens on, whatever Host the request names', async () => {
    const student = await signIn(t.app, 'student');
    const headers = { ...student.headers(false), host: 'evil.example' };
    const enabled = await t.app.inject({ method: 'GET', url: '/api/timetable/ical/enable', headers });
    expect(enabled.statusCode).toBe(200);
    const { feedUrl, uniqueId } = enabled.json() as { feedUrl: string; uniqueId: string };
    expect(feedUrl).toBe(`http://127.0.0.1:8080/api/timetable/ical/feed/${uniqueId}`);

    const read = await t.app.inject({ method: 'GET', url: '/api/timetable/ical', headers });
    expect((read.json() as { feedUrl: string }).feedUrl).toBe(feedUrl);

    const feed = await t.app.inject({ method: 'GET', url: new URL(feedUrl).pathname, headers: { host: 'evil.example' } });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('evil.example');
  });
});
