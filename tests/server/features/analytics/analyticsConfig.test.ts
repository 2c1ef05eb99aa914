import { describe, expect, it } from 'vitest';
import { analyticsConfigRoute } from '../../../../src/shared/contract/analytics.js';
import { loadConfig } from '../../../../src/server/config.js';
import { callRoute } from '../../../helpers/routes.js';
import { createTestApp, signIn } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

function cspDirective(csp: string, name: string): string {
  return csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
}

describe('the analytics provider (ANALYTICS_PROVIDER)', () => {
  const t = useTestApp({ env: { ANALYTICS_PROVIDER: 'matomo', ANALYTICS_SITE_ID: '7', ANALYTICS_URL: 'https://stats.example.ac.uk/matomo' } });

  it('is told to signed-in users, and only its own origin joins the CSP', async () => {
    const student = await t.signIn('student');
    const response = await t.call(analyticsConfigRoute, { as: student });
    expect(response.json()).toEqual({ provider: 'matomo', baseUrl: 'https://stats.example.ac.uk/matomo/', siteId: '7' });
    const csp = String(response.headers['content-security-policy']);
    expect(cspDirective(csp, 'script-src')).toBe("script-src 'self' https://stats.example.ac.uk");
    expect(cspDirective(csp, 'connect-src')).toBe("connect-src 'self' https://stats.example.ac.uk");
    expect(csp).not.toContain('googletagmanager');
  });

  it('is none by default, and the CSP then names no analytics host', async () => {
    const plain = await createTestApp();
    try {
      const student = await signIn(plain.app, 'student');
      const response = await callRoute(plain.app, analyticsConfigRoute, { as: student });
      expect(response.json()).toEqual({ provider: 'none' });
      const csp = String(response.headers['content-security-policy']);
      expect(cspDirective(csp, 'script-src')).toBe("script-src 'self'");
      expect(cspDirective(csp, 'connect-src')).toBe("connect-src 'self'");
    } finally {
      await plain.close();
    }
  });

  it('GA4 gets Google Tag Manager for scripts and Google Analytics for hits', async () => {
    const ga = await createTestApp({ ANALYTICS_PROVIDER: 'ga4', ANALYTICS_SITE_ID: 'G-TEST123' });
    try {
      const student = await signIn(ga.app, 'student');
      const response = await callRoute(ga.app, analyticsConfigRoute, { as: student });
      expect(response.json()).toEqual({ provider: 'ga4', measurementId: 'G-TEST123' });
      const csp = String(response.headers['content-security-policy']);
      expect(cspDirective(csp, 'script-src')).toBe("script-src 'self' https://*.googletagmanager.com");
      expect(cspDirective(csp, 'connect-src')).toContain('https://*.google-analytics.com');
    } finally {
      await ga.close();
    }
  });

  it('fills in the hosted script of Plausible and Umami, and refuses incomplete settings', () => {
    expect(loadConfig({ ANALYTICS_PROVIDER: 'plausible', ANALYTICS_SITE_ID: 'campus.example.ac.uk' }).analytics).toEqual({
      provider: 'plausible',
      scriptUrl: 'https://plausible.io/js/script.js',
      domain: 'campus.example.ac.uk',
    });
    expect(loadConfig({ ANALYTICS_PROVIDER: 'Umami', ANALYTICS_SITE_ID: 'a1b2-c3', ANALYTICS_URL: 'https://umami.example.ac.uk/' }).analytics).toEqual({
      provider: 'umami',
      scriptUrl: 'https://umami.example.ac.uk/script.js',
      websiteId: 'a1b2-c3',
    });
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'hotjar' })).toThrow(/ANALYTICS_PROVIDER must be one of none, ga4, plausible, umami, matomo/);
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'ga4' })).toThrow(/needs ANALYTICS_SITE_ID/);
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'ga4', ANALYTICS_SITE_ID: 'UA-1234' })).toThrow(/GA4 measurement id/);
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'matomo', ANALYTICS_SITE_ID: '3' })).toThrow(/needs ANALYTICS_URL/);
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'umami', ANALYTICS_SITE_ID: '"><script>' })).toThrow(/ANALYTICS_SITE_ID/);
  });
});
