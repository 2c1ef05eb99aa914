import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../../src/server/config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      isProduction: false,
      isDemo: true,
      publicOrigin: undefined,
      oidc: undefined,
      sessionIdleMinutes: 60,
      sessionMaxHours: 12,
      signInRateLimit: 30,
      trustedProxies: [],
      logLevel: 'warn',
      trendingWordpressTimeoutMs: 3000,
      trendingCacheSeconds: 300,
      campusNetworks: [],
      campusDemoLoopback: true,
      attendanceCloseMinutes: 20,
    });
    expect(config.push).toMatchObject({ vapidSubject: 'mailto:push@campus-companion.invalid', maxAttempts: 5, retryBaseMs: 2000, queueLimit: 10_000 });
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a port number from 1 to 65535, got "eighty"/],
    ['PORT', '70000', /PORT must be a port number/],
    ['SESSION_IDLE_MINUTES', '-5', /SESSION_IDLE_MINUTES must be a positive number, got "-5"/],
    ['SESSION_MAX_HOURS', 'twelve', /SESSION_MAX_HOURS must be a positive number/],
    ['SIGNIN_RATE_LIMIT', '1.5', /SIGNIN_RATE_LIMIT must be a whole number/],
    ['DEMO', 'yes', /DEMO must be 1 or 0, got "yes"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/],
    ['PUBLIC_ORIGIN', 'campus.example.ac.uk', /PUBLIC_ORIGIN must be an origin such as https:\/\/campus.example.ac.uk/],
    ['PUBLIC_ORIGIN', 'https://campus.example.ac.uk/app', /PUBLIC_ORIGIN must be an origin/],
    ['OIDC_ISSUER', 'login.example', /OIDC_ISSUER must be an http\(s\) URL/],
    ['PUSH_MAX_ATTEMPTS', '0', /PUSH_MAX_ATTEMPTS must be a positive number/],
    ['TRUSTED_PROXIES', '10.0.0.1, proxy.internal', /TRUSTED_PROXIES must be comma-separated addresses or CIDRs .*"proxy.internal" is not one/],
  ])('refuses a malformed %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('names every malformed variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', TRENDING_CACHE_SECONDS: 'y' })).toThrow(/PORT must .*; TRENDING_CACHE_SECONDS must/);
  });

  it('reads TRUSTED_PROXIES as addresses, CIDRs and named ranges', () => {
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 192.0.2.0/24 ,loopback' }).trustedProxies).toEqual(['10.0.0.1', '192.0.2.0/24', 'loopback']);
  });

  it('normalises PUBLIC_ORIGIN to an origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Campus.Example.ac.uk/' }).publicOrigin).toBe('https://campus.example.ac.uk');
  });

  it('sends no visa status to analytics unless ANALYTICS_SEND_VISA_STATUS turns it on, and refuses a bad value', () => {
    expect(loadConfig({}).analyticsSendVisaStatus).toBe(false);
    expect(loadConfig({ ANALYTICS_SEND_VISA_STATUS: '0' }).analyticsSendVisaStatus).toBe(false);
    expect(loadConfig({ ANALYTICS_SEND_VISA_STATUS: '1' }).analyticsSendVisaStatus).toBe(true);
    expect(loadConfig({ ANALYTICS_SEND_VISA_STATUS: ' TRUE ' }).analyticsSendVisaStatus).toBe(true);
    expect(() => loadConfig({ ANALYTICS_SEND_VISA_STATUS: 'yes' })).toThrow(/ANALYTICS_SEND_VISA_STATUS must be 1 or 0, got "yes"/);
  });

  it('requires PUBLIC_ORIGIN in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://campus.example.ac.uk' })).toMatchObject({ isProduction: true, isDemo: false, logLevel: 'info' });
  });
});

describe('demo mode next to OpenID Connect', () => {
  const oidc = { OIDC_ISSUER: 'https://login.example/tenant/v2.0', OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'secret' };

  it('is off whenever an identity provider is configured', () => {
    const config = loadConfig(oidc);
    expect(config.oidc?.issuer).toBe(oidc.OIDC_ISSUER);
    expect(config.isDemo).toBe(false);
    expect(config.campusDemoLoopback).toBe(false);
    expect(configWarnings(config)).toEqual([]);
  });

  it('is on next to it only when DEMO=1 says so, and then the start-up log warns', () => {
    const config = loadConfig({ ...oidc, DEMO: '1' });
    expect(config.isDemo).toBe(true);
    expect(configWarnings(config)).toEqual([expect.stringMatching(/DEMO=1 next to OpenID Connect: anyone can sign in as a demo persona/)]);
  });

  it('warns as well when DEMO=1 forces it on in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://campus.example.ac.uk', DEMO: '1' });
    expect(configWarnings(config)).toEqual([expect.stringMatching(/DEMO=1 in production/)]);
  });
});
