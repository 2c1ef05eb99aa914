import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { networkStatusRoute } from '../../../../src/shared/contract/attendance.js';
import { callRoute } from '../../../helpers/routes.js';
import { loadConfig } from '../../../../src/server/config.js';
import { signInDirectly } from '../../../helpers/directSession.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { appOnSameDatabase } from './support.js';

const CAMPUS = '192.0.2.0/24, 2001:db8:abcd::/48';
const PROXY = '10.0.0.1';

const t = useTestApp({ env: { CAMPUS_NETWORKS: CAMPUS, TRUSTED_PROXIES: PROXY } });
let caller: Caller;
/** A fresh value for each request's cache-buster. */
let requests = 0;

beforeAll(async () => {
  // Also used on servers with demo mode off, where a demo session would be refused.
  caller = await signInDirectly(t.app, t.db, 'student', t.clock);
});

async function connected(app: FastifyInstance, remoteAddress: string, forwardedFor?: string): Promise<boolean> {
  const response = await callRoute(app, networkStatusRoute, { query: { 'cache-buster': (requests += 1) }, as: caller, headers: { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) }, remoteAddress });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ connected: boolean }>().connected;
}

describe('GET /api/attendance/networkstatus', () => {
  it('is connected inside the campus networks, IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    expect(await connected(t.app, '192.0.2.44')).toBe(true);
    expect(await connected(t.app, '::ffff:192.0.2.44')).toBe(true);
    expect(await connected(t.app, '2001:db8:abcd:12::7')).toBe(true);
    expect(await connected(t.app, '198.51.100.1')).toBe(false);
    expect(await connected(t.app, '192.0.3.1')).toBe(false);
    expect(await connected(t.app, '2001:db8:abce::7')).toBe(false);
  });

  it('counts loopback as campus in demo mode only', async () => {
    expect(await connected(t.app, '127.0.0.1')).toBe(true);
    expect(await connected(t.app, '127.8.9.10')).toBe(true);
    expect(await connected(t.app, '::1')).toBe(true);
    const production = await appOnSameDatabase(t, { DEMO: '0', CAMPUS_NETWORKS: CAMPUS });
    try {
      expect(await connected(production, '127.0.0.1')).toBe(false);
      expect(await connected(production, '::1')).toBe(false);
      expect(await connected(production, '192.0.2.44')).toBe(true);
    } finally {
      await production.close();
    }
    const loopbackListed = await appOnSameDatabase(t, { DEMO: '0', CAMPUS_NETWORKS: '127.0.0.0/8' });
    try {
      expect(await connected(loopbackListed, '127.0.0.1')).toBe(true);
    } finally {
      await loopbackListed.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    expect(await connected(t.app, '198.51.100.1', '192.0.2.44')).toBe(false);
    expect(await connected(t.app, '192.0.2.44', '198.51.100.1')).toBe(true);
  });

  it('believes X-Forwarded-For from a trusted proxy, up to the first address it did not add', async () => {
    expect(await connected(t.app, PROXY, '192.0.2.44')).toBe(true);
    expect(await connected(t.app, PROXY, '198.51.100.1')).toBe(false);
    // A client cannot prepend a campus address: the proxy appends the real one.
    expect(await connected(t.app, PROXY, '192.0.2.44, 198.51.100.1')).toBe(false);
    expect(await connected(t.app, PROXY, 'not-an-address')).toBe(false);
  });

  it('is refused to anonymous callers', async () => {
    const response = await t.call(networkStatusRoute);
    expect(response.statusCode).toBe(401);
  });
});

describe('CAMPUS_NETWORKS and ATTENDANCE_CLOSE_MINUTES', () => {
  it('are read, normalised and defaulted', () => {
    expect(loadConfig({ CAMPUS_NETWORKS: ' 10.0.0.0/8 ,2001:db8::/32, 192.0.2.7 ' }).campusNetworks).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.7/32']);
    expect(loadConfig({}).campusNetworks).toEqual([]);
    expect(loadConfig({}).attendanceCloseMinutes).toBe(20);
    expect(loadConfig({ ATTENDANCE_CLOSE_MINUTES: '30' }).attendanceCloseMinutes).toBe(30);
  });

  it.each(['10.0.0.0/33', 'campus', '2001:db8::/129', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0/8', '10.0.0.0/ 8', 'fe80::1%eth0/64'])(
    'refuses %s at start with a clear error', (value) => {
      expect(() => loadConfig({ CAMPUS_NETWORKS: value })).toThrow(`CAMPUS_NETWORKS must be comma-separated CIDRs such as 192.0.2.0/24 or 2001:db8::/48; "${value.trim()}" is not one`);
    },
  );

  it('refuses a close time that is not a positive whole number of minutes', () => {
    expect(() => loadConfig({ ATTENDANCE_CLOSE_MINUTES: '0' })).toThrow(/ATTENDANCE_CLOSE_MINUTES must be a positive number/);
    expect(() => loadConfig({ ATTENDANCE_CLOSE_MINUTES: '2.5' })).toThrow(/ATTENDANCE_CLOSE_MINUTES must be a whole number/);
  });
});
