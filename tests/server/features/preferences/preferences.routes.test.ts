import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('preferences', () => {
  it('lists the options from the database', async () => {
    const caller = await signIn(t.app, 'student');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/preferences/options', headers: caller.headers() });
    expect(response.json()).toEqual({ theme: ['Auto', 'Light', 'Dark'], border: ['Rounded', 'Square'], font: ['App Font', 'System', 'Open Dyslexic'] });
  });

  it('saves and reads back theme, border and font per user', async () => {
    const student = await signIn(t.app, 'student');
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/preferences/userapi', headers: student.headers(), payload: { theme: 'Dark', border: 'Square', font: '' } });
    expect(put.statusCode).toBe(204);
    const get = await t.app.inject({ method: 'GET', url: '/api/user/preferences/userapi', headers: student.headers() });
    expect(get.json()).toEqual({ theme: 'Dark', border: 'Square', font: '' });
    // Another user's preferences are untouched.
    const lecturer = await signIn(t.app, 'lecturer');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/preferences/userapi', headers: lecturer.headers() })).json()).toEqual({ theme: '', border: '', font: '' });
  });

  it('refuses a value that is not offered, keeping what was saved', async () => {
    const caller = await signIn(t.app, 'student2');
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/preferences/userapi', headers: caller.headers() })).json();
    const put = await t.app.inject({ method: 'PUT', url: '/api/user/preferences/userapi', headers: caller.headers(), payload: { theme: 'Neon', border: '', font: 'Comic' } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({
      message: 'One or more preferences are not available.',
      errors: { theme: ['Choose one of: Auto, Light, Dark.'], font: ['Choose one of: App Font, System, Open Dyslexic.'] },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/preferences/userapi', headers: caller.headers() })).json()).toEqual(before);
  });

  it('saves app preferences, defaulting isCategoryView to true', async () => {
    const caller = await signIn(t.app, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/preferences/app', headers: caller.headers() })).json()).toEqual({ isCategoryView: true });
    await t.app.inject({ method: 'PUT', url: '/api/user/preferences/app', headers: caller.headers(), payload: { isCategoryView: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/preferences/app', headers: caller.headers() })).json()).toEqual({ isCategoryView: false });
  });

  it('revalidates with ETag: an unchanged resource answers 304', async () => {
    const caller = await signIn(t.app, 'student');
    const first = await t.app.inject({ method: 'GET', url: '/api/user/preferences/options', headers: caller.headers() });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await t.app.inject({ method: 'GET', url: '/api/user/preferences/options', headers: { ...caller.headers(), 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
