import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://campus.example.ac.uk' });
  });
  afterAll(() => t.close());

  it('sends HSTS for at least a year, subdomains included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    const hsts = String(response.headers['strict-transport-security']);
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS);
    expect(hsts).toContain('includeSubDomains');
  });

  it("forbids <base> entirely in the CSP: base-uri 'none'", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    const directives = String(response.headers['content-security-policy']).split(';').map((d) => d.trim());
    expect(directives).toContain("base-uri 'none'");
    expect(directives).toContain('upgrade-insecure-requests');
  });
});

describe('security headers over plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("has no HSTS (it would pin a local http site), and still base-uri 'none'", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['content-security-policy'])).toContain("base-uri 'none'");
  });
});

describe('the same security headers on every kind of answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expected = {
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'") as unknown,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it.each([
    ['an API answer', '/api/user/info', 200],
    ['a refusal', '/api/timetable', 401],
    ['an unknown API path', '/api/no-such-thing', 404],
    ['the status feed, refused to a visitor', '/api/realtimepingdom/negotiate?negotiateVersion=1', 401],
  ])('%s (%s) carries them', async (_what, url, status) => {
    const response = await t.app.inject({ method: url.includes('negotiate') ? 'POST' : 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(expected);
  });
});
