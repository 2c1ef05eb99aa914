import { describe, expect, it } from 'vitest';
import {
  getAppPreferencesRoute,
  getUserApiPreferencesRoute,
  preferenceOptionsRoute,
  saveAppPreferencesRoute,
  saveUserApiPreferencesRoute,
} from '../../../../src/shared/contract/preferences.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

const t = useTestApp();

describe('preferences', () => {
  it('lists the options from the database', async () => {
    const caller = await t.signIn('student');
    const response = await t.call(preferenceOptionsRoute, { as: caller });
    expect(response.json()).toEqual({ theme: ['Auto', 'Light', 'Dark'], border: ['Rounded', 'Square'], font: ['App Font', 'System', 'Open Dyslexic'] });
  });

  it('saves and reads back theme, border and font per user', async () => {
    const student = await t.signIn('student');
    const put = await t.call(saveUserApiPreferencesRoute, { as: student, body: { theme: 'Dark', border: 'Square', font: '' } });
    expect(put.statusCode).toBe(204);
    const get = await t.call(getUserApiPreferencesRoute, { as: student });
    expect(get.json()).toEqual({ theme: 'Dark', border: 'Square', font: '' });
    // Another user's preferences are untouched.
    const lecturer = await t.signIn('lecturer');
    expect((await t.call(getUserApiPreferencesRoute, { as: lecturer })).json()).toEqual({ theme: '', border: '', font: '' });
  });

  it('refuses a value that is not offered, keeping what was saved', async () => {
    const caller = await t.signIn('student2');
    const before = (await t.call(getUserApiPreferencesRoute, { as: caller })).json();
    const put = await t.call(saveUserApiPreferencesRoute, { as: caller, body: { theme: 'Neon', border: '', font: 'Comic' } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({
      message: 'One or more preferences are not available.',
      errors: { theme: ['Choose one of: Auto, Light, Dark.'], font: ['Choose one of: App Font, System, Open Dyslexic.'] },
      code: 'validation',
    });
    expect((await t.call(getUserApiPreferencesRoute, { as: caller })).json()).toEqual(before);
  });

  it('saves app preferences, defaulting isCategoryView to true', async () => {
    const caller = await t.signIn('admin');
    expect((await t.call(getAppPreferencesRoute, { as: caller })).json()).toEqual({ isCategoryView: true });
    await t.call(saveAppPreferencesRoute, { as: caller, body: { isCategoryView: false } });
    expect((await t.call(getAppPreferencesRoute, { as: caller })).json()).toEqual({ isCategoryView: false });
  });

  it('revalidates with ETag: an unchanged resource answers 304', async () => {
    const caller = await t.signIn('student');
    const first = await t.call(preferenceOptionsRoute, { as: caller });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await t.call(preferenceOptionsRoute, { as: caller, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
