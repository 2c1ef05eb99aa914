import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';

/**
 * Issue 12, item 6: sign-out is a POST with the antiforgery header. A GET of /api/user/signout (which
 * any site can trigger) no longer signs out; it serves a same-origin page that does the POST.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sessionOnly = (caller: Caller) => ({ cookie: `cc_session=${caller.cookies.cc_session}` });

async function isSignedIn(caller: Caller): Promise<boolean> {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: sessionOnly(caller) });
  return (response.json() as { isSignedIn: boolean }).isSignedIn;
}

const cleared = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value === '';

describe('GET /api/user/signout', () => {
  it('does not sign out when another site sends the browser there; it asks first', async () => {
    const caller = await signIn(t.app, 'student');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/signout?entra=true',
      headers: { ...caller.headers(false), 'sec-fetch-site': 'cross-site', accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Sign out of Campus Companion?');
    expect(response.body).toContain('<form id="confirm">');
    expect(response.body).toContain('data-automatic="false"');
    expect(response.body).toContain('data-entra="true"');
    expect(response.cookies).toEqual([]);
    expect(await isSignedIn(caller)).toBe(true);
  });

  it('serves the page that signs out at once when the app itself navigates there', async () => {
    const caller = await signIn(t.app, 'student');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/signout', headers: { ...sessionOnly(caller), 'sec-fetch-site': 'same-origin' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 id="title">Signing you out</h1>');
    expect(response.body).toContain('data-automatic="true"');
    expect(response.body).toContain('<script type="module" src="/api/user/signout/page.js"></script>');
    expect(await isSignedIn(caller)).toBe(true); // the GET itself changes nothing

    const script = await t.app.inject({ method: 'GET', url: '/api/user/signout/page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("method: 'POST'");
  });

  it('sends a visitor without a session to the landing page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/signout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/landing');
  });
});

describe('POST /api/user/signout', () => {
  it('refuses a request without the antiforgery header, and the session lives on', async () => {
    const caller = await signIn(t.app, 'staff');
    const response = await t.app.inject({ method: 'POST', url: '/api/user/signout', headers: caller.headers(false) });
    expect(response.statusCode).toBe(403);
    expect((response.json() as { message: string }).message).toMatch(/antiforgery token/);
    expect(await isSignedIn(caller)).toBe(true);
  });

  it('signs out the way the page does: a fresh token after the app cleared its cookies, then the POST', async () => {
    const caller = await signIn(t.app, 'lecturer');
    // The app has cleared XSRF-TOKEN before navigating; the page asks for a new one.
    const token = await t.app.inject({ method: 'GET', url: '/api/antiforgerytoken', headers: sessionOnly(caller) });
    const xsrf = token.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(xsrf).not.toBe('');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signout?entra=true',
      headers: { cookie: `cc_session=${caller.cookies.cc_session}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect(response.statusCode).toBe(200);
    // A demo session has no identity provider session to end.
    expect(response.json()).toEqual({ location: '/landing' });
    expect(cleared(response, 'cc_session')).toBe(true);
    expect(cleared(response, 'XSRF-TOKEN')).toBe(true);
    expect(await isSignedIn(caller)).toBe(false);
  });
});
