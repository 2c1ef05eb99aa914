import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { importListRoute, importUploadRoute, type ImportReport } from '../../../../src/shared/contract/adminImports.js';
import {
  integrationClientCreateRoute, integrationClientListRoute, integrationClientRevokeRoute, integrationImportGetRoute, integrationImportPushRoute,
  type CreatedIntegrationClient, type IntegrationClient,
} from '../../../../src/shared/contract/integration.js';
import { SettableClock } from '../../../../src/server/clock.js';
import { writeZip } from '../../../helpers/importBundle.js';
import { captureLog } from '../../../helpers/captureLog.js';
import { signedInAdministrator } from '../../../helpers/administrator.js';
import { signInDirectly } from '../../../helpers/directSession.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { multipartBody } from '../absences/multipart.js';
import { bundleEntries, universityFiles } from '../imports/university.js';

// Machine clients (issue 36 §1) and the push door (§2), on a real database with the real import
// jobs. The database starts empty: the pushed bundles are the whole university.
const clock = new SettableClock(new Date('2026-10-05T08:55:00+01:00'), { frozen: true });
const t = useTestApp({ runJobs: true, template: 'empty', clock, env: { IMPORT_MAX_MB: '1', INTEGRATION_RATE_LIMIT: '30', LOG_LEVEL: 'info' } });
let adminCaller: Caller | undefined;
beforeAll(async () => {
  adminCaller = await signedInAdministrator(t.app, t.db);
});
const admin = (): Caller => {
  if (!adminCaller) throw new Error('no administrator');
  return adminCaller;
};

async function newClient(name: string, scopes: string[], expiresAt?: string): Promise<CreatedIntegrationClient> {
  const response = await t.call(integrationClientCreateRoute, { as: admin(), body: { name, scopes, ...(expiresAt ? { expiresAt } : {}) } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const universityZip = async (change: (files: ReturnType<typeof universityFiles>) => void = () => undefined): Promise<Buffer> => {
  const files = universityFiles();
  change(files);
  return readFile(await writeZip(bundleEntries(files)));
};

async function push(token: string, zip: Buffer, apply?: 'auto') {
  return t.call(integrationImportPushRoute, {
    headers: { ...bearer(token), 'content-type': 'application/zip' }, body: zip, ...(apply ? { query: { apply } } : {}),
  });
}

async function settled(token: string, rowId: number, state: ImportReport['state']): Promise<ImportReport> {
  return vi.waitFor(async () => {
    const response = await t.call(integrationImportGetRoute, { headers: bearer(token), params: { rowId } });
    expect(response.statusCode).toBe(200);
    const report = response.json() as ImportReport;
    expect(report.state).toBe(state);
    return report;
  }, { timeout: 20_000, interval: 100 });
}

describe('machine clients, created by an administrator', () => {
  it('shows the token once, keeps only its hash, lists the client with no token, and audits it', async () => {
    const created = await newClient('Student records', ['import:write', 'import:read']);
    expect(created.token).toMatch(/^cci_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Student records', scopes: ['import:write', 'import:read'], createdBy: 'Sam Taylor', revokedAt: null, lastUsedAt: null });
    // A year by default.
    expect(created.expiresAt).toBe('2027-10-05T07:55:00.000Z');
    const stored = await t.db.selectFrom('integration_clients').selectAll().where('id', '=', created.rowId).executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const list = await t.call(integrationClientListRoute, { as: admin() });
    const listed = (list.json() as { items: IntegrationClient[] }).items.find((c) => c.rowId === created.rowId);
    expect(listed).toMatchObject({ name: 'Student records' });
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain('"token"');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'admin.integrationClient.create').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.detail)).not.toContain(created.token);
  });

  it('refuses a second live client of the same name, an expiry in the past, and no permission', async () => {
    await newClient('Timetabling', ['import:write']);
    const twice = await t.call(integrationClientCreateRoute, { as: admin(), body: { name: 'timetabling', scopes: ['import:read'] } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toHaveProperty('name');
    const past = await t.call(integrationClientCreateRoute, { as: admin(), body: { name: 'Old', scopes: ['import:read'], expiresAt: '2026-10-01T00:00:00Z' } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: 'The expiry must be in the future.', errors: { expiresAt: ['Choose a date after today'] }, code: 'validation' });
    const none = await t.call(integrationClientCreateRoute, { as: admin(), body: { name: 'Nothing', scopes: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ scopes: ['Choose at least one permission'] });
  });
});

describe('a bearer token', () => {
  it('is needed on every machine route, and a session is no substitute', async () => {
    const noToken = await t.call(integrationImportGetRoute, { params: { rowId: 1 } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({
      message: 'Send an integration token in the Authorization header: Bearer <token>.',
      errors: { authorization: ['Send an integration token in the Authorization header: Bearer <token>.'] },
      code: 'unauthorized',
    });
    const session = await t.call(integrationImportGetRoute, { as: admin(), params: { rowId: 1 } });
    expect(session.statusCode).toBe(401);
    const wrong = await t.call(integrationImportGetRoute, { headers: bearer('cci_not-a-real-token'), params: { rowId: 1 } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The integration token is not valid.');
  });

  it('works only within its scopes, records its last use and address, and every use is audited', async () => {
    const reader = await newClient('Report reader', ['import:read']);
    const refused = await push(reader.token, await universityZip());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'This client may not do that: it needs the import:write permission.',
      errors: { scope: ['This client may not do that: it needs the import:write permission.'] },
      code: 'forbidden',
    });
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toEqual([]);
    const read = await t.call(integrationImportGetRoute, { headers: bearer(reader.token), params: { rowId: 999 }, remoteAddress: '192.0.2.7' });
    expect(read.statusCode).toBe(404);
    const listed = (await t.call(integrationClientListRoute, { as: admin() })).json().items.find((c: IntegrationClient) => c.rowId === reader.rowId);
    expect(listed).toMatchObject({ lastUsedAt: clock.now().toISOString(), lastUsedAddress: '192.0.2.7' });
    const uses = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', 'like', 'integration.%').orderBy('id').execute();
    expect(uses.map((u) => [u.action, (u.detail as { context: { route: string } }).context.route])).toEqual([
      ['integration.refused', 'integration.importPush'],
      ['integration.request', 'integration.importGet'],
    ]);
  });

  it('stops working when revoked, and when it expires', async () => {
    const client = await newClient('Short lived', ['import:read'], '2026-10-06T09:00:00+01:00');
    expect((await t.call(integrationImportGetRoute, { headers: bearer(client.token), params: { rowId: 999 } })).statusCode).toBe(404);
    clock.advance(25 * 60 * 60 * 1000);
    // The administrator's session idled out with the day: they sign in again.
    adminCaller = await signInDirectly(t.app, t.db, 'admin', t.clock);
    const expired = await t.call(integrationImportGetRoute, { headers: bearer(client.token), params: { rowId: 999 } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('The integration token has expired.');

    const other = await newClient('Revoked soon', ['import:read']);
    const revoked = await t.call(integrationClientRevokeRoute, { as: admin(), params: { rowId: other.rowId } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toBe(clock.now().toISOString());
    const after = await t.call(integrationImportGetRoute, { headers: bearer(other.token), params: { rowId: 999 } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The integration token has been revoked.');
    // A revoked client's name can be used again.
    await newClient('Revoked soon', ['import:read']);
  });

  it('never reaches the logs, though every request is logged', async () => {
    const logged = captureLog(t.app);
    const client = await newClient('Logged', ['import:read']);
    await t.call(integrationImportGetRoute, { headers: bearer(client.token), params: { rowId: 999 } });
    await t.call(integrationImportGetRoute, { headers: bearer(`${client.token}x`), params: { rowId: 999 } });
    const text = logged.join('');
    expect(text).toContain('/api/integration/imports/999');
    expect(text).not.toContain(client.token);
    expect(text).not.toContain(client.token.slice(4, 24));
  });

  it('is rate limited per client: one over INTEGRATION_RATE_LIMIT a minute gets 429, another client does not', async () => {
    const busy = await newClient('Busy', ['import:read']);
    const calm = await newClient('Calm', ['import:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.call(integrationImportGetRoute, { headers: bearer(busy.token), params: { rowId: 999 } })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await t.call(integrationImportGetRoute, { headers: bearer(calm.token), params: { rowId: 999 } })).statusCode).toBe(404);
  });
});

describe('pushing a bundle', () => {
  let token = '';
  beforeAll(async () => {
    token = (await newClient('SIS nightly', ['import:write', 'import:read'])).token;
  });

  it('with apply=auto applies a clean bundle, and the history says which client pushed it', async () => {
    const response = await push(token, await universityZip(), 'auto');
    expect(response.statusCode).toBe(202);
    const accepted = response.json() as { rowId: number; state: string };
    expect(accepted.state).toBe('validating');
    expect(response.headers.location).toBe(`/api/integration/imports/${accepted.rowId}`);
    const applied = await settled(token, accepted.rowId, 'applied');
    expect(applied).toMatchObject({ pushedBy: 'SIS nightly', createdBy: null, fileName: 'pushed-bundle.zip', warnings: [], errors: [] });
    expect(applied.counts.events.create).toBe(3);
    expect(await t.db.selectFrom('timetable_events').select('id').where('is_active', '=', true).execute()).toHaveLength(3);
    const history = (await t.call(importListRoute, { as: admin() })).json().items;
    expect(history[0]).toMatchObject({ rowId: accepted.rowId, state: 'applied', pushedBy: 'SIS nightly' });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'user_id']).where('action', 'in', ['import.upload', 'import.apply']).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'import.upload', user_id: null }, { action: 'import.apply', user_id: null }]);
  });

  it('with apply=auto stops at ready when the bundle has warnings, for an administrator to read', async () => {
    // Half the people gone: over the 10 % deactivation threshold.
    const zip = await universityZip((files) => {
      files['users.csv'] = files['users.csv']?.filter((row) => row[0] !== 'u-bob' && row[0] !== 'u-tutor') ?? [];
      files['roles.csv'] = files['roles.csv']?.filter((row) => row[3] !== 'u-bob' && row[3] !== 'u-tutor') ?? [];
      files['enrollments.csv'] = files['enrollments.csv']?.filter((row) => row[4] !== 'u-bob') ?? [];
      const students = files['users.csv']?.map((row) => (row[0] === 'u-alice' ? row.map((cell, i) => (i === 13 ? '' : cell)) : row));
      if (students) files['users.csv'] = students;
    });
    const response = await push(token, zip, 'auto');
    expect(response.statusCode).toBe(202);
    const ready = await settled(token, response.json().rowId, 'ready');
    expect(ready.warnings.map((w) => w.code)).toContain('deactivation_threshold');
    expect(await t.db.selectFrom('users').select('id').where('user_name', '=', 'bob@test.ac.uk').where('is_active', '=', true).execute()).toHaveLength(1);
  });

  it('without apply=auto stops at ready; a multipart form works as the admin upload does', async () => {
    const { payload, headers } = multipartBody([{ name: 'bundle', fileName: 'nightly.zip', bytes: await universityZip(), contentType: 'application/zip' }]);
    const response = await t.call(integrationImportPushRoute, { headers: { ...headers, ...bearer(token) }, body: payload });
    expect(response.statusCode).toBe(202);
    const ready = await settled(token, response.json().rowId, 'ready');
    expect(ready).toMatchObject({ fileName: 'nightly.zip', pushedBy: 'SIS nightly' });
  });

  it('refuses what is not a zip, a body over IMPORT_MAX_MB, and any other content type, storing nothing', async () => {
    const before = await t.db.selectFrom('import_batches').select('id').execute();
    const text = await push(token, Buffer.from('sourcedId,name\r\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toHaveProperty('bundle');
    const big = await push(token, Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The bundle is larger than 1 MB.', errors: { bundle: ['The bundle must be at most 1 MB.'] }, code: 'tooLarge' });
    const json = await t.call(integrationImportPushRoute, { headers: bearer(token), body: { bundle: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toHaveProperty('bundle');
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toEqual(before);
  });

  it('is a door of its own: no other route takes a zip body (415, in the error shape)', async () => {
    const zip = await universityZip();
    const upload = await t.call(importUploadRoute, { as: admin(), headers: { 'content-type': 'application/zip' }, body: zip });
    expect(upload.statusCode).toBe(415);
    expect(upload.json()).toEqual({ message: 'This route does not take application/zip.', errors: { 'content-type': ['Send application/json or a form, not application/zip.'] }, code: 'unsupportedMediaType' });
    const other = await t.call(integrationClientCreateRoute, { as: admin(), headers: { 'content-type': 'application/zip' }, body: zip });
    expect(other.statusCode).toBe(415);
  });
});
