import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { networkStatusRoute } from '../../../../src/shared/contract/attendance.js';
import { callRoute } from '../../../helpers/routes.js';
import { loadConfig } from '../../../../src/server/config.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { appOnSameDatabase } from './support.js';

const t = useTestApp();
let caller: Caller;

beforeAll(async () => {
  caller = await t.signIn('student');
});

async function connected(app: FastifyInstance, remoteAddress: string): Promise<boolean> {
  const response = await callRoute(app, networkStatusRoute, { as: caller, remoteAddress });
  expect(response.statusCode).toBe(200);
  return response.json<{ connected: boolean }>().connected;
}

describe('CAMPUS_DEMO_LOOPBACK', () => {
  it('defaults on in demo mode, is off outside it whatever it says, and reads 1/0/true/false', () => {
    expect(loadConfig({ DEMO: '1' }).campusDemoLoopback).toBe(true);
    expect(loadConfig({ DEMO: '1', CAMPUS_DEMO_LOOPBACK: '' }).campusDemoLoopback).toBe(true);
    expect(loadConfig({ DEMO: '1', CAMPUS_DEMO_LOOPBACK: '0' }).campusDemoLoopback).toBe(false);
    expect(loadConfig({ DEMO: '1', CAMPUS_DEMO_LOOPBACK: 'false' }).campusDemoLoopback).toBe(false);
    expect(loadConfig({ DEMO: '1', CAMPUS_DEMO_LOOPBACK: 'true' }).campusDemoLoopback).toBe(true);
    expect(loadConfig({ DEMO: '0', CAMPUS_DEMO_LOOPBACK: '1' }).campusDemoLoopback).toBe(false);
  });

  it('refuses anything else at start', () => {
    expect(() => loadConfig({ CAMPUS_DEMO_LOOPBACK: 'yes' })).toThrow('CAMPUS_DEMO_LOOPBACK must be 1 or 0, got "yes"');
  });

  it('set to 0 in demo mode, loopback is off campus but the listed networks still count', async () => {
    expect(await connected(t.app, '127.0.0.1')).toBe(true);
    const noLoopback = await appOnSameDatabase(t, { CAMPUS_DEMO_LOOPBACK: '0', CAMPUS_NETWORKS: '10.0.0.0/8' });
    try {
      expect(await connected(noLoopback, '127.0.0.1')).toBe(false);
      expect(await connected(noLoopback, '::1')).toBe(false);
      expect(await connected(noLoopback, '10.1.2.3')).toBe(true);
    } finally {
      await noLoopback.close();
    }
  });
});
