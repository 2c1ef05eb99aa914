import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPingdomChecks } from '../../../src/server/realtime/pingdom.js';
import { loadConfig, ConfigError } from '../../../src/server/config.js';

let server: Server;
let base = '';
let lastAuthorization: string | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    lastAuthorization = request.headers.authorization;
    if (request.headers.authorization !== 'Bearer good-token') {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        checks: [
          { id: 11, name: 'Timetable API', status: 'up', lasttesttime: 1_763_900_000, lastresponsetime: 120, tags: [{ name: 'feature-timetable' }] },
          { id: 12, name: 'Moodle', status: 'unconfirmed_down', lastresponsetime: 0 },
          { id: 13, name: 'Attendance', status: 'down', tags: [{ name: 'feature:attendance' }] },
          { id: 14, name: 'Library', status: 'paused' },
          { id: 15, name: 'New', status: 'unknown' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Pingdom as the status source', () => {
  it('maps Pingdom check states to ours, with features from tags, sending the token as a bearer', async () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const readings = await readPingdomChecks('good-token', now, base);
    expect(lastAuthorization).toBe('Bearer good-token');
    expect(readings.map((r) => [r.service.id, r.service.name, r.service.feature, r.state])).toEqual([
      ['pingdom-11', 'Timetable API', 'timetable', 'operational'],
      ['pingdom-12', 'Moodle', undefined, 'degraded'],
      ['pingdom-13', 'Attendance', 'attendance', 'outage'],
      ['pingdom-14', 'Library', undefined, 'maintenance'],
      ['pingdom-15', 'New', undefined, 'unknown'],
    ]);
    expect(readings[0]?.checkedAt).toEqual(new Date(1_763_900_000 * 1000));
    expect(readings[0]?.responseTimeMs).toBe(120);
    expect(readings[2]?.checkedAt).toEqual(now);
  });

  it('throws when Pingdom refuses the token, so the job fails visibly instead of showing nothing', async () => {
    await expect(readPingdomChecks('bad', new Date(), base)).rejects.toThrow('Pingdom answered 401');
  });
});

describe('status configuration', () => {
  it('reads STATUS_CHECKS and STATUS_CHECK_SECONDS, and defaults to the demo health checks', () => {
    const config = loadConfig({ STATUS_CHECKS: '[{"id":"tt","name":"Timetable","url":"https://tt.example/health","feature":"timetable","timeoutMs":3000}]', STATUS_CHECK_SECONDS: '30' });
    expect(config.status.checks).toEqual([{ id: 'tt', name: 'Timetable', url: 'https://tt.example/health', feature: 'timetable', timeoutMs: 3000 }]);
    expect(config.status.checkSeconds).toBe(30);
    const demo = loadConfig({ DEMO: '1', PORT: '9090' });
    expect(demo.status.checkSeconds).toBe(60);
    expect(demo.status.checks.map((check) => check.url)).toContain('http://127.0.0.1:9090/api/health?service=timetable');
    expect(loadConfig({ DEMO: '0' }).status.checks).toEqual([]);
  });

  it('refuses malformed checks, naming the variable', () => {
    expect(() => loadConfig({ STATUS_CHECKS: 'not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ STATUS_CHECKS: '[{"id":"a","name":"A","url":"ftp://x"}]' })).toThrow(/STATUS_CHECKS/);
    expect(() => loadConfig({ STATUS_CHECKS: '[{"id":"a","name":"A","url":"https://x"},{"id":"a","name":"B","url":"https://y"}]' })).toThrow(/unique/);
    expect(() => loadConfig({ STATUS_CHECK_SECONDS: '0' })).toThrow(/STATUS_CHECK_SECONDS/);
  });
});
