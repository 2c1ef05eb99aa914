import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  importApplyRoute, importGetRoute, importListRoute, importProblemsCsvRoute, importRevertRoute, importUploadRoute, type ImportReport,
} from '../../../../src/shared/contract/adminImports.js';
import { writeZip } from '../../../helpers/importBundle.js';
import { signedInAdministrator } from '../../../helpers/administrator.js';
import type { Caller } from '../../../helpers/testApp.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { multipartBody } from '../absences/multipart.js';
import { bundleEntries, universityFiles } from './university.js';

// The queue runs: each step is the real job, on this app's worker. The database is empty (no demo
// university), so the bundle is all there is; an administrator is made to act.
const t = useTestApp({ runJobs: true, template: 'empty', env: { IMPORT_MAX_MB: '1' } });
let adminCaller: Caller | undefined;
beforeAll(async () => {
  adminCaller = await signedInAdministrator(t.app, t.db);
});
const signedInAdmin = (): Caller => {
  if (!adminCaller) throw new Error('no administrator');
  return adminCaller;
};

async function upload(as: Caller, bytes: Buffer, fileName = 'university.zip', fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'bundle', fileName, bytes, contentType: 'application/zip' },
  ]);
  return t.call(importUploadRoute, { as, headers, body: payload });
}

async function settled(as: Caller, rowId: number, state: ImportReport['state']): Promise<ImportReport> {
  return vi.waitFor(async () => {
    const report = (await t.call(importGetRoute, { as, params: { rowId } })).json() as ImportReport;
    expect(report.state).toBe(state);
    return report;
  }, { timeout: 20_000, interval: 100 });
}

describe('Admin → Data import, over HTTP with its jobs', () => {
  it('uploads a bundle, checks it as a job, applies it and reverts it, each audited', async () => {
    const admin = signedInAdmin();
    const zip = await readFile(await writeZip(bundleEntries(universityFiles())));
    const uploaded = await upload(admin, zip, '../exports/University Export.zip');
    expect(uploaded.statusCode).toBe(202);
    const summary = uploaded.json();
    expect(summary).toMatchObject({ state: 'validating', fileName: 'University Export.zip', createdBy: 'Sam Taylor' });

    const ready = await settled(admin, summary.rowId, 'ready');
    expect(ready.counts.events).toEqual({ create: 3, update: 0, deactivate: 0, unchanged: 0 });
    expect(ready.source).toBe('Test SIS');
    const list = (await t.call(importListRoute, { as: admin })).json();
    expect(list.items[0]).toMatchObject({ rowId: summary.rowId, state: 'ready', source: 'Test SIS' });

    const apply = await t.call(importApplyRoute, { as: admin, params: { rowId: summary.rowId }, body: { acceptWarnings: false } });
    expect(apply.statusCode).toBe(202);
    const applied = await settled(admin, summary.rowId, 'applied');
    expect(applied.isRevertable).toBe(true);
    expect(await t.db.selectFrom('timetable_events').select('id').where('sourced_id', 'is not', null).where('is_active', '=', true).execute()).toHaveLength(3);
    const again = await t.call(importApplyRoute, { as: admin, params: { rowId: summary.rowId }, body: { acceptWarnings: false } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only a validated import can be applied; this one is applied.', errors: { state: ['Only a validated import can be applied; this one is applied.'] }, code: 'conflict' });

    expect((await t.call(importRevertRoute, { as: admin, params: { rowId: summary.rowId } })).statusCode).toBe(202);
    await settled(admin, summary.rowId, 'reverted');
    expect(await t.db.selectFrom('timetable_events').select('id').where('sourced_id', 'is not', null).where('is_active', '=', true).execute()).toEqual([]);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'import.%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['import.upload', 'import.apply', 'import.revert']);
  });

  it('refuses what is not a zip, and a bundle over IMPORT_MAX_MB, storing nothing', async () => {
    const admin = signedInAdmin();
    const before = await t.db.selectFrom('import_batches').select('id').execute();
    const text = await upload(admin, Buffer.from('sourcedId,name\r\n'), 'users.csv');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'The file is not a zip archive. Upload the bundle as a .zip file.', errors: { bundle: ['The file is not a zip archive. Upload the bundle as a .zip file.'] }, code: 'validation' });
    const big = await upload(admin, Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ bundle: ['The bundle must be at most 1 MB.'] });
    const badThreshold = await upload(admin, await readFile(await writeZip(bundleEntries({}))), 'x.zip', { deactivationThresholdPercent: '150' });
    expect(badThreshold.statusCode).toBe(400);
    expect(badThreshold.json().errors).toEqual({ deactivationThresholdPercent: ['Enter a whole percentage from 0 to 100.'] });
    expect(await t.db.selectFrom('import_batches').select('id').execute()).toEqual(before);
  });

  it('reports a broken bundle as invalid, with its problems as CSV', async () => {
    const admin = signedInAdmin();
    const files = universityFiles();
    files['ext.events.csv'] = [...(files['ext.events.csv'] ?? []), ['ev-bad', '', '', 'GR1001-LEC', 'Lecture', '2026-10-05 09:00', '2026-10-05T10:00:00+01:00', '', '', '', '', '']];
    const summary = (await upload(admin, await readFile(await writeZip(bundleEntries(files))))).json();
    const invalid = await settled(admin, summary.rowId, 'invalid');
    expect(invalid.errors).toEqual([expect.objectContaining({ file: 'ext.events.csv', line: 5, column: 'start', code: 'malformed_value' })]);
    const csv = await t.call(importProblemsCsvRoute, { as: admin, params: { rowId: summary.rowId } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`import-${summary.rowId}-problems.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('severity,file,line,column,code,message');
    // Every text field is quoted (src/shared/format/csvField.ts), the line number stays a number.
    expect(lines[1]).toMatch(/^"error","ext\.events\.csv",5,"start","malformed_value","ext\.events\.csv:5 start: /);
  });
});
