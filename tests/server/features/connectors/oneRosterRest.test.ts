import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorBody } from '../../../../src/shared/contract/adminConnectors.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { connectorHarness, type ConnectorHarness } from './connectorHarness.js';

/**
 * The OneRoster 1.2 REST connector against a small OneRoster service started here (node:http on
 * 127.0.0.1): an OAuth 2.0 client-credentials token endpoint (HTTP Basic), and the rostering
 * collections with `limit`/`offset` paging, `X-Total-Count` and `filter=dateLastModified>'…'`.
 */

const CLIENT_ID = 'campus-companion';
const SECRET = 'sis-secret-2026';
const TOKEN = 'access-token-1';
const ROOT = '/ims/oneroster/rostering/v1p2';

type Rec = Record<string, unknown> & { sourcedId: string; dateLastModified: string; status: string };

const at = '2026-09-01T00:00:00.000Z';
const ref = (sourcedId: string) => ({ href: `/x/${sourcedId}`, sourcedId, type: 'x' });
const student = (id: string, given: string, family: string, number: string): Rec => ({
  sourcedId: id, status: 'active', dateLastModified: at, enabledUser: true, username: `${id}@test.ac.uk`, givenName: given, familyName: family,
  identifier: number, email: `${id}@test.ac.uk`, primaryOrg: ref('org-maths'),
  roles: [{ roleType: 'primary', role: 'student', org: ref('org-maths') }], metadata: { 'cc.studyLevel': '1', 'cc.programme': 'BSc Mathematics' },
});

/** The service's data; tests change it between runs. */
const data: Record<string, Rec[]> = {
  academicSessions: [
    { sourcedId: 'ay-2026', status: 'active', dateLastModified: at, title: '2026/27', type: 'schoolYear', startDate: '2026-09-01', endDate: '2027-08-31', schoolYear: '2027' },
    { sourcedId: 'ay-2026-autumn', status: 'active', dateLastModified: at, title: 'Autumn 2026', type: 'term', startDate: '2026-09-28', endDate: '2026-12-18', parent: ref('ay-2026'), schoolYear: '2027' },
  ],
  orgs: [
    { sourcedId: 'org-uni', status: 'active', dateLastModified: at, name: 'University of Testing', type: 'district', identifier: 'UT' },
    { sourcedId: 'org-maths', status: 'active', dateLastModified: at, name: 'School of Mathematics', type: 'school', identifier: 'MA', parent: ref('org-uni') },
  ],
  courses: [{ sourcedId: 'course-GR1001', status: 'active', dateLastModified: at, title: 'Group Theory', courseCode: 'GR1001', schoolYear: ref('ay-2026'), org: ref('org-maths') }],
  classes: [
    { sourcedId: 'GR1001-LEC', status: 'active', dateLastModified: at, title: 'GR1001 Lecture', classCode: 'GR1001-LEC', classType: 'scheduled', course: ref('course-GR1001'), school: ref('org-maths'), terms: [ref('ay-2026-autumn')] },
    { sourcedId: 'GR1001-LAB-A', status: 'active', dateLastModified: at, title: 'GR1001 Lab A', classCode: 'GR1001-LAB-A', classType: 'scheduled', course: ref('course-GR1001'), school: ref('org-maths'), terms: [ref('ay-2026-autumn')] },
  ],
  users: [
    student('u-alice', 'Alice', 'Able', '2600001'), student('u-bob', 'Bob', 'Baker', '2600002'), student('u-cara', 'Cara', 'Cole', '2600003'),
    student('u-dev', 'Dev', 'Dean', '2600004'), student('u-eve', 'Eve', 'Evans', '2600005'),
  ],
  enrollments: ['u-alice', 'u-bob', 'u-cara', 'u-dev', 'u-eve'].map((u) => ({
    sourcedId: `e-${u}`, status: 'active', dateLastModified: at, role: 'student', primary: false, user: ref(u), class: ref('GR1001-LEC'), school: ref('org-maths'),
  })),
};

interface Seen {
  readonly collection: string;
  readonly offset: number;
  readonly limit: number;
  readonly filter: string | null;
}
const seen: Seen[] = [];
const tokenRequests: { authorization: string | undefined; body: string }[] = [];

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

let server: Server;
let origin = '';
let t: TestDatabase;
let h: ConnectorHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/oauth/token' && req.method === 'POST') {
        const body = await bodyOf(req);
        tokenRequests.push({ authorization: req.headers.authorization, body });
        // RFC 6749 §2.3.1: the id and secret are form-encoded, joined by a colon, then base64.
        const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
        const [id, secret] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':').map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
        const form = new URLSearchParams(body);
        if (scheme !== 'Basic' || id !== CLIENT_ID || secret !== SECRET) return json(res, 401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
        return json(res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }, { 'cache-control': 'no-store' });
      }
      const collection = url.pathname.startsWith(`${ROOT}/`) ? url.pathname.slice(ROOT.length + 1) : '';
      const records = data[collection];
      if (!records) return json(res, 404, { imsx_codeMajor: 'failure' });
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 401, { imsx_codeMajor: 'failure' });
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const filter = url.searchParams.get('filter');
      seen.push({ collection, offset, limit, filter });
      let matching = records;
      if (filter) {
        const m = /^dateLastModified>'([^']+)'$/.exec(filter);
        if (!m?.[1]) return json(res, 400, { imsx_codeMajor: 'failure', imsx_description: 'bad filter' });
        const since = new Date(m[1]).getTime();
        matching = records.filter((r) => new Date(r.dateLastModified).getTime() > since);
      }
      return json(res, 200, { [collection]: matching.slice(offset, offset + limit) }, { 'x-total-count': String(matching.length) });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestDatabase('empty');
  h = await connectorHarness(t.db, new Date('2026-09-10T01:00:00Z'), { pageSize: 2 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.drop();
});

const body = (secret: string | undefined): ConnectorBody => ({
  name: 'Student records', schedule: '0 2 * * *', isEnabled: true,
  settings: { kind: 'oneRoster', baseUrl: `${origin}${ROOT}`, tokenUrl: `${origin}/oauth/token`, clientId: CLIENT_ID, scope: null },
  ...(secret === undefined ? {} : { secret }),
});

describe('OneRoster 1.2 REST connector', () => {
  let connectorId = 0;

  it('stores the secret encrypted and never shows it back', async () => {
    const created = await h.connectors.create(h.adminId, body(SECRET));
    connectorId = created.rowId;
    expect(created.hasSecret).toBe(true);
    expect(JSON.stringify(created)).not.toContain(SECRET);
    expect(created.nextRunAt).toBe('2026-09-11T02:00:00+01:00');
    const row = await t.db.selectFrom('connectors').select(['secret_ciphertext', 'settings']).where('id', '=', connectorId).executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(SECRET);
    expect(JSON.stringify(row.settings)).not.toContain(SECRET);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'connector.create').execute();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit).toHaveLength(1);
  });

  it('first run: a token by client credentials, every page of every collection, a bulk bundle applied by itself', async () => {
    const run = await h.runNow(connectorId);
    expect(run.message).toBeNull();
    expect(run.state).toBe('applied');
    expect(tokenRequests.at(-1)?.body).toContain('grant_type=client_credentials');
    // Five users at two a page: offsets 0, 2, 4, and nothing filtered on the first run.
    expect(seen.filter((s) => s.collection === 'users')).toEqual([0, 2, 4].map((offset) => ({ collection: 'users', offset, limit: 2, filter: null })));
    const batch = await t.db.selectFrom('import_batches').select(['state', 'modes', 'connector_id', 'source_system_name']).where('id', '=', run.batch_id ?? 0).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ state: 'applied', connector_id: connectorId, source_system_name: 'Student records (OneRoster REST)' });
    expect(batch.modes).toMatchObject({ users: 'bulk', enrollments: 'bulk', roles: 'bulk' });
    const users = await t.db.selectFrom('users').select(['user_name', 'first_name']).where('user_name', 'like', 'u-%').orderBy('user_name').execute();
    expect(users.map((u) => u.user_name)).toEqual(['u-alice@test.ac.uk', 'u-bob@test.ac.uk', 'u-cara@test.ac.uk', 'u-dev@test.ac.uk', 'u-eve@test.ac.uk']);
    const roles = await t.db.selectFrom('effective_user_roles as r').innerJoin('users as u', 'u.id', 'r.user_id').select('u.user_name').where('r.role', '=', 'Student').execute();
    expect(roles).toHaveLength(5);
  });

  it('a later run asks only for changes since the last applied run, and applies them as a delta', async () => {
    const firstRun = await t.db.selectFrom('connector_runs').select('started_at').where('connector_id', '=', connectorId).orderBy('id').executeTakeFirstOrThrow();
    h.clock.advance(24 * 3600_000);
    const changedAt = new Date(h.clock.nowMs() - 3600_000).toISOString();
    const bob = data.users?.find((u) => u.sourcedId === 'u-bob');
    if (!bob) throw new Error('no bob');
    Object.assign(bob, { givenName: 'Robert', dateLastModified: changedAt });
    const cara = data.enrollments?.find((e) => e.sourcedId === 'e-u-cara');
    if (!cara) throw new Error('no enrolment');
    Object.assign(cara, { status: 'tobedeleted', dateLastModified: changedAt });
    seen.length = 0;
    const run = await h.runNow(connectorId);
    expect(run.state).toBe('applied');
    const filter = `dateLastModified>'${firstRun.started_at?.toISOString()}'`;
    expect(new Set(seen.map((s) => s.filter))).toEqual(new Set([filter]));
    // Only bob changed among the users: one page.
    expect(seen.filter((s) => s.collection === 'users')).toEqual([{ collection: 'users', offset: 0, limit: 2, filter }]);
    const batch = await t.db.selectFrom('import_batches').select(['modes', 'counts']).where('id', '=', run.batch_id ?? 0).executeTakeFirstOrThrow();
    expect(batch.modes).toMatchObject({ users: 'delta', enrollments: 'delta' });
    expect(batch.counts.users).toMatchObject({ update: 1, deactivate: 0 });
    expect(batch.counts.enrollments).toMatchObject({ deactivate: 1 });
    const renamed = await t.db.selectFrom('users').select('first_name').where('user_name', '=', 'u-bob@test.ac.uk').executeTakeFirstOrThrow();
    expect(renamed.first_name).toBe('Robert');
    const caraEnrolment = await t.db.selectFrom('enrolments').select('is_active').where('sourced_id', '=', 'e-u-cara').executeTakeFirstOrThrow();
    expect(caraEnrolment.is_active).toBe(false);
    const aliceEnrolment = await t.db.selectFrom('enrolments').select('is_active').where('sourced_id', '=', 'e-u-alice').executeTakeFirstOrThrow();
    expect(aliceEnrolment.is_active).toBe(true);
  });

  it('a run with nothing new upstream makes no batch', async () => {
    h.clock.advance(3600_000);
    const batches = await t.db.selectFrom('import_batches').select('id').execute();
    const run = await h.runNow(connectorId);
    expect(run).toMatchObject({ state: 'unchanged', batch_id: null });
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toHaveLength(batches.length);
  });

  it('a refused client secret fails the run with the reason, changes nothing and tells the administrators', async () => {
    await h.connectors.update(h.adminId, connectorId, body('wrong-secret'));
    h.clock.advance(3600_000);
    const before = await t.db.selectFrom('import_batches').select('id').execute();
    const run = await h.runNow(connectorId);
    expect(run.state).toBe('failed');
    expect(run.message).toMatch(/token endpoint .*\/oauth\/token refused the client credentials \(invalid_client/);
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toHaveLength(before.length);
    expect((await h.notificationsOf()).at(-1)).toMatchObject({ title: 'Student records: the scheduled pull failed', url: '/admin/imports' });
    // Keeping the secret (none sent) keeps it; the wrong one stays until replaced.
    const kept = await h.connectors.update(h.adminId, connectorId, body(undefined));
    expect(kept.hasSecret).toBe(true);
  });
  it('a run whose import stops on a warning waits for an administrator, changes nothing, and tells them', async () => {
    // A second connector to the same service, whose first (bulk) run meets an export missing three
    // of the five students: more than the 10 % deactivation threshold, a warning.
    const all = { users: data.users ?? [], enrollments: data.enrollments ?? [] };
    const kept = new Set(['u-alice', 'u-bob']);
    data.users = all.users.filter((u) => kept.has(u.sourcedId));
    data.enrollments = all.enrollments.filter((e) => kept.has((e.user as { sourcedId: string }).sourcedId));
    try {
      const partial = await h.connectors.create(h.adminId, { ...body(SECRET), name: 'Partial export' });
      h.clock.advance(3600_000);
      const run = await h.runNow(partial.rowId);
      expect(run.state).toBe('needsReview');
      expect(run.message).toMatch(/^Its import stopped on \d+ warnings?: read the report \(batch \d+\)/);
      const batch = await t.db.selectFrom('import_batches').select(['state', 'auto_apply']).where('id', '=', run.batch_id ?? 0).executeTakeFirstOrThrow();
      expect(batch).toEqual({ state: 'ready', auto_apply: true });
      const warnings = await t.db.selectFrom('import_problems').select('code').where('batch_id', '=', run.batch_id ?? 0).where('severity', '=', 'warning').execute();
      expect(warnings.map((w) => w.code)).toContain('deactivation_threshold');
      // Nobody was deactivated: the batch waits.
      const active = await t.db.selectFrom('users').select('user_name').where('user_name', 'like', 'u-%').where('is_active', '=', true).execute();
      expect(active).toHaveLength(5);
      expect((await h.notificationsOf()).at(-1)).toMatchObject({
        title: 'Partial export: the scheduled pull needs a review', body: run.message, url: `/admin/imports/${run.batch_id}`,
      });
    } finally {
      data.users = all.users;
      data.enrollments = all.enrollments;
    }
  });

  it('never asks a link-local token endpoint (cloud instance metadata) for a token', async () => {
    const metadata = await h.connectors.create(h.adminId, {
      ...body(SECRET), name: 'Metadata', settings: { ...body(SECRET).settings, kind: 'oneRoster', tokenUrl: 'http://169.254.169.254/latest/api/token' } as ConnectorBody['settings'],
    });
    const run = await h.runNow(metadata.rowId);
    expect(run.state).toBe('failed');
    expect(run.message).toBe('http://169.254.169.254/latest/api/token is a link-local address (where cloud instance metadata answers); a connector never reads one.');
  });
});
