import { describe, expect, it } from 'vitest';
import { domainVariants, isAnalyticsCookie, pathVariants, removeAnalyticsCookies } from '../../../../src/app/features/analytics/analyticsCookies';

describe('analytics cookies', () => {
  it('recognises the cookies of Google Analytics and Matomo, and nothing of the app', () => {
    for (const name of ['_ga', '_ga_ABC123', '_gid', '_gat', '_gat_UA-1', '_gcl_au', '_pk_id.1.abcd', 'MATOMO_SESSID']) expect(isAnalyticsCookie(name), name).toBe(true);
    for (const name of ['AnalyticsConsent', 'app-platform', 'XSRF-TOKEN', 'ShowTourPrompt', '_game', 'gadget']) expect(isAnalyticsCookie(name), name).toBe(false);
  });

  it('tries the host alone, the host, and every parent domain down to two labels, with and without the dot', () => {
    expect(domainVariants('app.campus.example.ac.uk')).toEqual([
      undefined,
      'app.campus.example.ac.uk',
      '.app.campus.example.ac.uk',
      'campus.example.ac.uk',
      '.campus.example.ac.uk',
      'example.ac.uk',
      '.example.ac.uk',
      'ac.uk',
      '.ac.uk',
    ]);
    expect(domainVariants('localhost')).toEqual([undefined, 'localhost', '.localhost']);
    expect(domainVariants('127.0.0.1')).toEqual([undefined, '127.0.0.1']);
    expect(pathVariants('/user/settings/privacy')).toEqual(['/', '/user', '/user/settings', '/user/settings/privacy']);
  });

  it('expires each analytics cookie under every domain and path variant, and no other cookie', () => {
    const written: string[] = [];
    const jar = {
      get cookie() {
        return '_ga=GA1.1.1; AnalyticsConsent=granted; _ga_XYZ=GS1; theme=dark; _ga=GA1.1.2';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    const removed = removeAnalyticsCookies(jar, { hostname: 'app.campus.example', pathname: '/home' });
    expect(removed).toEqual(['_ga', '_ga_XYZ']);
    // 2 names × (host-only + 2 domains × 2 spellings) × 2 paths
    expect(written).toHaveLength(2 * 5 * 2);
    expect(written).toContain('_ga=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; Domain=.campus.example');
    expect(written).toContain('_ga_XYZ=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/home');
    expect(written.every((line) => line.startsWith('_ga'))).toBe(true);
  });
});
