import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

/**
 * Issue 20, item 2: the demo persona picker hands on the page the visitor asked for (query string
 * included) and nothing that leaves this site; its script goes wherever data-return-to says.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://campus.example.ac.uk' });
});
afterAll(() => t?.close());

const picker = (returnTo: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/signin?returnTo=${encodeURIComponent(returnTo)}`, headers: { accept: 'text/html' } });

const returnToOf = (html: string): string | undefined => /<body data-return-to="([^"]*)">/.exec(html)?.[1];

describe('the persona picker’s return path', () => {
  it.each([
    ['/attendance/previous', '/attendance/previous'],
    ['/timetable?week=2025-11-24', '/timetable?week=2025-11-24'],
    ['/attendance/current?absenceFrom=2025-11-24T09:00&absenceTo=2025-11-24T10:00', '/attendance/current?absenceFrom=2025-11-24T09:00&amp;absenceTo=2025-11-24T10:00'],
  ])('keeps %s', async (returnTo, attribute) => {
    const response = await picker(returnTo);
    expect(response.statusCode).toBe(200);
    expect(returnToOf(response.body)).toBe(attribute);
  });

  // The contract turns these away before the handler (a 400 in the SPEC §8 shape, see also
  // tests/server/http/errorsAndHeaders.test.ts); the app's landing never sends them (it drops them).
  it.each([
    '//evil.example',
    '//evil.example/attendance/previous',
    'https://evil.example',
    'https://evil.example/attendance/previous',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
  ])('refuses %j with a 400 and never shows it in a page', async (returnTo) => {
    const response = await picker(returnTo);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: unknown; errors: Record<string, unknown> };
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors)).toEqual(['returnTo']);
    expect(response.body).not.toContain('evil.example');
  });

  // Paths that pass the contract's shape but resolve off this site: the picker is shown, bound for /home.
  it.each(['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/..//evil.example/attendance/previous'])(
    'shows the picker bound for /home for %j',
    async (returnTo) => {
      const response = await picker(returnTo);
      expect(response.statusCode).toBe(200);
      expect(returnToOf(response.body)).toBe('/home');
    },
  );

  it('falls back to /home without a returnTo', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/signin', headers: { accept: 'text/html' } });
    expect(returnToOf(response.body)).toBe('/home');
  });
});
