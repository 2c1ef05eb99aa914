import { describe, expect, it } from 'vitest';
import { campusRoute } from '../../../../src/shared/contract/timetable.js';
import { loadConfig } from '../../../../src/server/config.js';
import { callRoute } from '../../../helpers/routes.js';
import { createTestApp, signIn } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

describe('an optional map basemap (MAP_BASEMAP_URL)', () => {
  const t = useTestApp({ env: { MAP_BASEMAP_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_BASEMAP_ATTRIBUTION: '© Example contributors' } });

  it('is announced with the campus GeoJSON and its tile server is allowed by the CSP, and nothing else', async () => {
    const student = await t.signIn('student');
    const response = await t.call(campusRoute, { as: student });
    expect(response.json().basemap).toEqual({ tiles: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example contributors' });
    expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self' https://tiles.example.org;");
  });

  it('is absent by default, and a bad URL stops the server at start', async () => {
    const plain = await createTestApp();
    try {
      const student = await signIn(plain.app, 'student');
      const response = await callRoute(plain.app, campusRoute, { as: student });
      expect(response.json()).not.toHaveProperty('basemap');
      expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self';");
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ MAP_BASEMAP_URL: 'http://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/https tile URL/);
    expect(() => loadConfig({ MAP_BASEMAP_URL: 'https://tiles.example.org/tile.png' })).toThrow(/\{z\}, \{x\} and \{y\}/);
  });
});
