import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { universityFiles } from '../imports/university.js';
import { connectorHarness, type ConnectorHarness } from './connectorHarness.js';

/**
 * Bad upstreams leave held data untouched: each run below fails with its reason, makes no import
 * batch, changes no event and notifies the administrators. The upstream is a node:http server on
 * 127.0.0.1; the limits are small (a 1 s timeout, a 4 kB body) so each case is quick.
 */

const feed = (uid: string) => [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hand written//EN', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260901T000000Z',
  'DTSTART:20261015T080000Z', 'DTEND:20261015T090000Z', 'SUMMARY:GR1001 Lecture', 'END:VEVENT', 'END:VCALENDAR', '',
].join('\r\n');

let server: Server;
let origin = '';
let port = 0;
let t: TestDatabase;
let h: ConnectorHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    switch (path) {
      case '/slow.ics':
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.write('BEGIN:VCALENDAR\r\n');
        return; // never ends
      case '/error.ics':
        res.writeHead(503, 'Service Unavailable').end('down for maintenance');
        return;
      case '/garbage.ics':
        res.writeHead(200, { 'content-type': 'text/calendar' }).end('<html>Sign in to CELCAT</html>');
        return;
      case '/huge.ics':
        res.writeHead(200, { 'content-type': 'text/calendar' }).end(`${feed('big@test')}${'X-PADDING:0123456789\r\n'.repeat(400)}`);
        return;
      case '/elsewhere.ics':
        res.writeHead(302, { location: `http://localhost:${port}/good.ics` }).end();
        return;
      case '/moved.ics':
        res.writeHead(301, { location: '/good.ics' }).end();
        return;
      case '/good.ics':
        res.writeHead(200, { 'content-type': 'text/calendar' }).end(feed('good@test'));
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestDatabase('empty');
  h = await connectorHarness(t.db, new Date('2026-10-01T08:00:00Z'), { limits: { timeoutMs: 1000, maxBodyBytes: 4096 } });
  await h.apply(universityFiles(), { academicSessions: 'bulk', orgs: 'bulk', courses: 'bulk', classes: 'bulk', users: 'bulk', roles: 'bulk', enrollments: 'bulk', 'ext.rooms': 'bulk', 'ext.events': 'bulk', 'ext.absenceCategories': 'bulk' });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.drop();
});

const eventsNow = () => t.db.selectFrom('timetable_events').selectAll().orderBy('id').execute();

async function runFeed(path: string) {
  const connector = await h.connectors.create(h.adminId, {
    name: `Feed ${path}`, schedule: '0 * * * *', isEnabled: true, settings: { kind: 'ical', feeds: [{ classCode: 'GR1001-LEC', url: path.startsWith('http') ? path : `${origin}${path}` }], urlTemplate: null },
  });
  return h.runNow(connector.rowId);
}

describe('bad upstreams', () => {
  it.each([
    ['/slow.ics', /gave no complete answer within 1 s \(CONNECTOR_TIMEOUT_SECONDS\)/],
    ['/error.ics', /answered HTTP 503 Service Unavailable/],
    ['/garbage.ics', /is not an iCalendar file \(a malformed body/],
    ['/huge.ics', /over the limit of 4096|more than the limit of 4096 bytes/],
    ['/elsewhere.ics', /redirected to another host \(localhost:\d+\)/],
    ['http://169.254.169.254/latest/meta-data/', /^http:\/\/169\.254\.169\.254\/latest\/meta-data\/ is a link-local address/],
    ['http://[fe80::1]/feed.ics', /is a link-local address/],
  ])('%s fails the run with its reason and changes nothing', async (path, reason) => {
    const events = await eventsNow();
    const batches = await t.db.selectFrom('import_batches').select('id').execute();
    const run = await runFeed(path);
    expect(run.state).toBe('failed');
    expect(run.message).toMatch(reason);
    expect(run.batch_id).toBeNull();
    expect(await eventsNow()).toEqual(events);
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toHaveLength(batches.length);
    expect((await h.notificationsOf()).at(-1)).toMatchObject({ title: `Feed ${path}: the scheduled pull failed`, body: run.message });
  });

  it('a redirect on the same host is followed', async () => {
    const run = await runFeed('/moved.ics');
    expect(run).toMatchObject({ state: 'applied', message: null });
    expect(await t.db.selectFrom('timetable_events').select('is_active').where('sourced_id', '=', 'good@test').executeTakeFirstOrThrow()).toEqual({ is_active: true });
  });

  it('a second "Run now" while a run waits is refused with 409', async () => {
    const connector = await h.connectors.create(h.adminId, {
      name: 'Twice', schedule: '0 * * * *', isEnabled: true, settings: { kind: 'ical', feeds: [{ classCode: 'GR1001-LEC', url: `${origin}/good.ics` }], urlTemplate: null },
    });
    await h.connectors.requestRun(h.adminId, connector.rowId, 'manual');
    await expect(h.connectors.requestRun(h.adminId, connector.rowId, 'manual')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('the minute tick queues a due connector once and moves its next run on', async () => {
    const connector = await h.connectors.create(h.adminId, {
      name: 'Hourly', schedule: '30 * * * *', isEnabled: true, settings: { kind: 'ical', feeds: [{ classCode: 'GR1001-LEC', url: `${origin}/good.ics` }], urlTemplate: null },
    });
    expect(connector.nextRunAt).toBe('2026-10-01T09:30:00+01:00');
    expect(await h.connectors.queueDue()).toBe(0);
    h.clock.advance(31 * 60_000);
    expect(await h.connectors.queueDue()).toBe(1);
    expect(await h.connectors.queueDue()).toBe(0);
    const shown = await h.connectors.shown(connector.rowId);
    expect(shown.nextRunAt).toBe('2026-10-01T10:30:00+01:00');
    expect(shown.lastRun).toMatchObject({ trigger: 'schedule', state: 'queued' });
  });
});
