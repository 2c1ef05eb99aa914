import { describe, expect, it } from 'vitest';
import { isAppPage, isAppPath, webAddressOf } from '../../../src/shared/rules/notificationLinks';

const origin = 'https://campus.example.ac.uk';

describe('notification links', () => {
  it('resolves http(s) addresses against the origin', () => {
    expect(webAddressOf('/timetable', origin)?.href).toBe('https://campus.example.ac.uk/timetable');
    expect(webAddressOf('  https://news.example.ac.uk/x  ', origin)?.href).toBe('https://news.example.ac.uk/x');
  });

  it('refuses anything that is not a web address', () => {
    for (const url of [null, undefined, '', '  ', 'javascript:alert(1)', 'data:text/html,x', 'http://[bad']) {
      expect(webAddressOf(url, origin)).toBeUndefined();
    }
  });

  it('counts only non-API pages on our own origin as pages of the app', () => {
    const page = (url: string) => isAppPage(new URL(url, origin), origin);
    expect(page('/attendance/current?x=1')).toBe(true);
    expect(page('/api/user/signout')).toBe(false);
    expect(page('/timetable/../api/user/signout')).toBe(false);
    expect(page('https://elsewhere.example.com/timetable')).toBe(false);
    expect(page('http://campus.example.ac.uk/timetable')).toBe(false);
  });

  it('takes as an app path only what stays on the app however a browser reads it', () => {
    for (const path of ['/timetable', '/attendance/current?x=1#today', '/resources/a%20b']) expect(isAppPath(path), path).toBe(true);
    // Browsers drop tabs and line breaks and read a backslash as a slash: each of these is //evil.example.
    for (const path of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\u0000x', 'timetable', 'https://campus.example.ac.uk/x', '']) {
      expect(isAppPath(path), JSON.stringify(path)).toBe(false);
    }
    expect(new URL('/\t/evil.example', origin).host).toBe('evil.example');
  });
});

