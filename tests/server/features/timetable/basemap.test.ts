import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/server/config.js';
import { createTestApp, signIn, type TestApp } from '../../../helpers/testApp.js';

describe('an optional map basemap (MAP_BASEMAP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAP_BASEMAP_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_BASEMAP_ATTRIBUTION: '© Example contributors' });
  });
  afterAll(() => t.close());

  it('is announced with the campus GeoJSON and its tile server is allowed by the CSP, and nothing else', async () => {
    const student = await signIn(t.app, 'student');
    const response = await t.app.inject({ method: 'GET', url: '/api/timetable/campus', headers: student.headers() });
    expect(response.json().basemap).toEqual({ tiles: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example contributors' });
    expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self' https://tiles.example.org;");
  });

  it('is absent by default, and a bad URL stops the server at start', async () => {
    const plain = await createTestApp();
    try {
      const student = await signIn(plain.app, 'student');
      const response = await plain.app.inject({ method: 'GET', url: '/api/timetable/campus', headers: student.headers() });
      expect(response.json()).not.toHaveProperty('basemap');
      expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self';");
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ MAP_BASEMAP_URL: 'http://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/https tile URL/);
    expect(() => loadConfig({ MAP_BASEMAP_URL: 'https://tiles.example.org/tile.png' })).toThrow(/\{z\}, \{x\} and \{y\}/);
  });
});
