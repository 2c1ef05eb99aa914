import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyPreferencesFromCookies,
  applyUserApiPreferences,
  borderAttribute,
  fontAttribute,
  themeAttribute,
} from '../../../../src/app/features/preferences/applyPreferences';
import { fakeDocument } from './fakeDocument';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preference attributes (SPEC §3)', () => {
  it('maps Dark and Light to a theme, anything else to automatic', () => {
    expect(['Dark', 'Light', 'light', 'Auto', '', 'Neon'].map(themeAttribute)).toEqual(['dark', 'light', 'light', undefined, undefined, undefined]);
  });

  it('gives square corners for Square only', () => {
    expect(['Square', 'Rounded', ''].map(borderAttribute)).toEqual(['square', undefined, undefined]);
  });

  it("keeps the default fonts for 'App Font' or empty, and names any other font", () => {
    expect(['App Font', '', 'System', 'Open Dyslexic'].map(fontAttribute)).toEqual([undefined, undefined, 'system', 'open-dyslexic']);
  });
});

describe('applying preferences to <html>', () => {
  it('sets and removes the attributes at once', () => {
    const { documentElement, attributes } = fakeDocument();
    applyUserApiPreferences({ theme: 'Dark', border: 'Square', font: 'System' }, documentElement);
    expect(Object.fromEntries(attributes)).toEqual({ 'data-theme': 'dark', 'data-border': 'square', 'data-font': 'system' });
    applyUserApiPreferences({ theme: 'Auto', border: 'Rounded', font: 'App Font' }, documentElement);
    expect(attributes.size).toBe(0);
  });

  it('applies the cookie saved on this device at start-up, before any data loads', () => {
    const doc = fakeDocument({ UserApiPreferences: encodeURIComponent(JSON.stringify({ theme: 'Light', border: '', font: 'Open Dyslexic' })) });
    vi.stubGlobal('document', doc);
    applyPreferencesFromCookies();
    expect(Object.fromEntries(doc.attributes)).toEqual({ 'data-theme': 'light', 'data-font': 'open-dyslexic' });
  });

  it('ignores a cookie that is not valid preferences', () => {
    const doc = fakeDocument({ UserApiPreferences: 'not-json' });
    vi.stubGlobal('document', doc);
    applyPreferencesFromCookies();
    expect(doc.attributes.size).toBe(0);
  });
});
