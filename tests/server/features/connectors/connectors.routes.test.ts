import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectorCreateRoute, connectorDeleteRoute, connectorListRoute, connectorRunRoute, connectorUpdateRoute,
  type Connector, type ConnectorBody, type ConnectorRun,
} from '../../../../src/shared/contract/adminConnectors.js';
import { SettableClock } from '../../../../src/server/clock.js';
import { signInDirectly } from '../../../helpers/directSession.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

// The five connector routes (issue 36 §3) over HTTP, on an empty database. The job queue does not
// run, so a run asked for stays queued: that is what lets the 409 of a second "Run now" be seen.
const clock = new SettableClock(new Date('2026-11-26T09:00:00Z'), { frozen: true });
const t = useTestApp({ template: 'empty', clock });
const SECRET = 'oneroster-client-secret-7Q2x';
const NEW_SECRET = 'rotated-secret-Zk81';
let adminCaller: Caller | undefined;
let studentCaller: Caller | undefined;

beforeAll(async () => {
  const made = await t.db.insertInto('users').values([
    { user_name: 'admin', display_name: 'Sam Taylor', first_name: 'Sam', email: 'admin@x', created_at: new Date(0) },
    { user_name: 'student', display_name: 'Alex Student', first_name: 'Alex', email: 'student@x', created_at: new Date(0) },
  ]).returning(['id', 'user_name']).execute();
  const adminId = made.find((u) => u.user_name === 'admin')?.id ?? 0;
  const studentId = made.find((u) => u.user_name === 'student')?.id ?? 0;
  await t.db.insertInto('user_roles').values([{ user_id: adminId, role: 'Administrator' }, { user_id: studentId, role: 'Student' }]).execute();
  adminCaller = await signInDirectly(t.app, t.db, 'admin', t.clock);
  studentCaller = await signInDirectly(t.app, t.db, 'student', t.clock);
});
const signedIn = (caller: Caller | undefined): Caller => {
  if (!caller) throw new Error('not signed in');
  return caller;
};
const admin = (): Caller => signedIn(adminCaller);

const oneRosterBody = (overrides: Partial<ConnectorBody> = {}): ConnectorBody => ({
  name: 'Student records', schedule: '0 2 * * *', isEnabled: true, secret: SECRET,
  settings: { kind: 'oneRoster', baseUrl: 'https://sis.example.ac.uk/ims/oneroster/rostering/v1p2', tokenUrl: 'https://sis.example.ac.uk/oauth/token', clientId: 'campus-companion', scope: null },
  ...overrides,
});
const icalBody = (urlTemplate: string): ConnectorBody => ({
  name: 'Timetable feeds', schedule: '0 * * * *', isEnabled: true, settings: { kind: 'ical', feeds: [], urlTemplate },
});

async function created(body: ConnectorBody): Promise<Connector> {
  const response = await t.call(connectorCreateRoute, { as: admin(), body });
  expect(response.statusCode).toBe(201);
  expect(response.body).not.toContain(SECRET);
  return response.json();
}

const auditOf = (connectorId: number) => t.db.selectFrom('audit_log').select(['action', 'user_id', 'detail'])
  .where('action', 'like', 'connector.%').orderBy('id').execute()
  .then((rows) => rows.filter((r) => (r.detail as { target?: { id?: number } }).target?.id === connectorId));

describe('connectors over HTTP', () => {
  it('creates one (201) and lists it with whether a secret is stored, never the secret', async () => {
    const connector = await created(oneRosterBody());
    expect(connector).toMatchObject({
      name: 'Student records', kind: 'oneRoster', schedule: '0 2 * * *', isEnabled: true, hasSecret: true, lastRun: null, runs: [],
      // 02:00 in London the next day (26 November is in GMT).
      nextRunAt: '2026-11-27T02:00:00+00:00',
    });
    const list = await t.call(connectorListRoute, { as: admin() });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: Connector[] }).items.map((c) => c.rowId)).toContain(connector.rowId);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain('secret_ciphertext');

    const audit = await auditOf(connector.rowId);
    expect(audit.map((a) => a.action)).toEqual(['connector.create']);
    expect(audit[0]?.user_id).not.toBeNull();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit[0]?.detail).toMatchObject({ after: { secret: 'set' } });
  });

  it('updates one, keeping the stored secret when none is sent, replacing it, and removing it with null', async () => {
    const connector = await created(oneRosterBody({ name: 'Records to change' }));
    const { secret: _unused, ...withoutSecret } = oneRosterBody({ name: 'Records, renamed' });
    const kept = await t.call(connectorUpdateRoute, { as: admin(), params: { rowId: connector.rowId }, body: { ...withoutSecret, isEnabled: false } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Records, renamed', isEnabled: false, hasSecret: true, nextRunAt: null });
    const ciphertext = async () => (await t.db.selectFrom('connectors').select('secret_ciphertext').where('id', '=', connector.rowId).executeTakeFirstOrThrow()).secret_ciphertext;
    const firstSealed = await ciphertext();
    expect(firstSealed).not.toBeNull();

    const replaced = await t.call(connectorUpdateRoute, { as: admin(), params: { rowId: connector.rowId }, body: { ...withoutSecret, secret: NEW_SECRET } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).not.toContain(NEW_SECRET);
    expect(replaced.json()).toMatchObject({ hasSecret: true, isEnabled: true });
    expect(await ciphertext()).not.toEqual(firstSealed);

    const removed = await t.call(connectorUpdateRoute, { as: admin(), params: { rowId: connector.rowId }, body: { ...withoutSecret, secret: null } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ hasSecret: false });
    expect(await ciphertext()).toBeNull();

    const audit = await auditOf(connector.rowId);
    expect(audit.map((a) => a.action)).toEqual(['connector.create', 'connector.update', 'connector.update', 'connector.update']);
    expect(audit.map((a) => (a.detail as { after: { secret: string } }).after.secret)).toEqual(['set', 'kept', 'set', 'removed']);
    expect(JSON.stringify(audit)).not.toContain(NEW_SECRET);
  });

  it('runs one now (202), refuses a second run while the first is queued (409), and runs again once it ended', async () => {
    const connector = await created(icalBody('https://timetable.example.ac.uk/feeds/{classCode}.ics'));
    const first = await t.call(connectorRunRoute, { as: admin(), params: { rowId: connector.rowId } });
    expect(first.statusCode).toBe(202);
    const run = first.json() as ConnectorRun;
    expect(run).toMatchObject({ trigger: 'manual', state: 'queued', queuedAt: '2026-11-26T09:00:00+00:00', importRowId: null });

    const again = await t.call(connectorRunRoute, { as: admin(), params: { rowId: connector.rowId } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This connector already has a run waiting or working.',
      errors: { state: ['This connector already has a run waiting or working.'] },
      code: 'conflict',
    });
    // While it works on the upstream, too.
    await t.db.updateTable('connector_runs').set({ state: 'running' }).where('id', '=', run.rowId).execute();
    expect((await t.call(connectorRunRoute, { as: admin(), params: { rowId: connector.rowId } })).statusCode).toBe(409);

    const listed = (await t.call(connectorListRoute, { as: admin() })).json() as { items: Connector[] };
    expect(listed.items.find((c) => c.rowId === connector.rowId)?.lastRun).toMatchObject({ rowId: run.rowId, state: 'running' });

    await t.db.updateTable('connector_runs').set({ state: 'failed', finished_at: clock.now() }).where('id', '=', run.rowId).execute();
    const later = await t.call(connectorRunRoute, { as: admin(), params: { rowId: connector.rowId } });
    expect(later.statusCode).toBe(202);
    expect((later.json() as ConnectorRun).rowId).not.toBe(run.rowId);

    const audit = await auditOf(connector.rowId);
    expect(audit.map((a) => a.action)).toEqual(['connector.create', 'connector.run', 'connector.run']);
  });

  it('deletes one (204) with its runs, audited; the next delete is a 404', async () => {
    const connector = await created(icalBody('https://timetable.example.ac.uk/{classCode}'));
    expect((await t.call(connectorRunRoute, { as: admin(), params: { rowId: connector.rowId } })).statusCode).toBe(202);
    const deleted = await t.call(connectorDeleteRoute, { as: admin(), params: { rowId: connector.rowId } });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const runs = await t.db.selectFrom('connector_runs').select('id').where('connector_id', '=', connector.rowId).execute();
    expect(runs).toEqual([]);
    const listed = (await t.call(connectorListRoute, { as: admin() })).json() as { items: Connector[] };
    expect(listed.items.map((c) => c.rowId)).not.toContain(connector.rowId);
    const audit = await auditOf(connector.rowId);
    expect(audit.map((a) => a.action)).toEqual(['connector.create', 'connector.run', 'connector.delete']);
    expect(audit[2]?.detail).toMatchObject({ before: { name: 'Timetable feeds', kind: 'ical' } });
    expect((await t.call(connectorDeleteRoute, { as: admin(), params: { rowId: connector.rowId } })).statusCode).toBe(404);
  });

  it('answers a bad schedule, a template without {classCode} and no feed at all with field errors (SPEC §8), storing nothing', async () => {
    const count = async () => (await t.db.selectFrom('connectors').select('id').execute()).length;
    const before = await count();

    const badCron = await t.call(connectorCreateRoute, { as: admin(), body: { ...icalBody('https://x.example/{classCode}'), schedule: 'every hour' } });
    expect(badCron.statusCode).toBe(400);
    expect(badCron.json()).toEqual({
      message: 'The schedule is not valid.',
      errors: { schedule: ['Enter five fields: minute hour day-of-month month day-of-week, e.g. "0 2 * * *" for 02:00 every day.'] },
      code: 'validation',
    });
    const outOfRange = await t.call(connectorCreateRoute, { as: admin(), body: { ...icalBody('https://x.example/{classCode}'), schedule: '61 * * * *' } });
    expect(outOfRange.statusCode).toBe(400);
    expect(Object.keys(outOfRange.json().errors)).toEqual(['schedule']);

    const noPlaceholder = await t.call(connectorCreateRoute, { as: admin(), body: icalBody('https://timetable.example.ac.uk/feeds/all.ics') });
    expect(noPlaceholder.statusCode).toBe(400);
    expect(noPlaceholder.json()).toMatchObject({ message: expect.any(String), errors: { 'settings.urlTemplate': ['Enter an http(s) address containing {classCode}'] } });

    const nothing = await t.call(connectorCreateRoute, { as: admin(), body: { ...icalBody('x'), settings: { kind: 'ical', feeds: [], urlTemplate: null } } });
    expect(nothing.statusCode).toBe(400);
    expect(Object.keys(nothing.json().errors)).toEqual(['settings.feeds']);

    expect(await count()).toBe(before);
  });

  it('refuses a change of kind on update', async () => {
    const connector = await created(icalBody('https://timetable.example.ac.uk/{classCode}.ics'));
    const response = await t.call(connectorUpdateRoute, { as: admin(), params: { rowId: connector.rowId }, body: oneRosterBody() });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['settings.kind']);
  });

  it('refuses anyone who is not an administrator, on every route', async () => {
    const connector = await created(icalBody('https://timetable.example.ac.uk/{classCode}.ics'));
    const student = signedIn(studentCaller);
    const params = { rowId: connector.rowId };
    const answers = [
      await t.call(connectorListRoute, { as: student }),
      await t.call(connectorCreateRoute, { as: student, body: oneRosterBody() }),
      await t.call(connectorUpdateRoute, { as: student, params, body: icalBody('https://evil.example/{classCode}') }),
      await t.call(connectorRunRoute, { as: student, params }),
      await t.call(connectorDeleteRoute, { as: student, params }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403]);
    for (const answer of answers) expect(answer.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    expect(answers[0]?.body).not.toContain('Timetable feeds');
    const anonymous = await t.anonymous();
    expect((await t.call(connectorListRoute, { as: anonymous })).statusCode).toBe(401);
    // Nothing changed or ran.
    const stored = await t.db.selectFrom('connectors').select(['settings']).where('id', '=', connector.rowId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.settings)).not.toContain('evil.example');
    expect(await t.db.selectFrom('connector_runs').select('id').where('connector_id', '=', connector.rowId).execute()).toEqual([]);
  });
});
