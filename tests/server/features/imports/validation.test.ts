import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip } from '../../../helpers/importBundle.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { importHarness } from './importService.js';
import { universityFiles, type Files } from './university.js';

let t: TestDatabase;
let h: Awaited<ReturnType<typeof importHarness>>;
beforeAll(async () => {
  t = await createTestDatabase('empty');
  h = await importHarness(t.db, new Date('2026-10-12T08:00:00Z'));
});
afterAll(async () => {
  await t.drop();
});

const edit = (files: Files, file: string, change: (rows: (string | number | boolean | null)[][]) => void): Files => {
  const rows = (files[file] ?? []).map((row) => [...row]);
  change(rows);
  return { ...files, [file]: rows };
};

describe('what the bundle says, checked against itself and what is held', () => {
  it('refuses references to nothing, repeated ids, repeated enrolments and a group without a year, with file, line and column, and stages nothing', async () => {
    let files = edit(universityFiles(), 'enrollments.csv', (rows) => rows.push(['e-alice-z', '', '', 'GR1001-LAB-Z', 'u-alice', 'student', 'false']));
    files = edit(files, 'users.csv', (rows) => { const bob = rows[2] ?? []; rows.push([...bob]); });
    files = edit(files, 'enrollments.csv', (rows) => rows.push(['e-alice-lec-again', '', '', 'GR1001-LEC', 'u-alice', 'student', 'false']));
    files = edit(files, 'classes.csv', (rows) => rows.push(['GR1001-ORPHAN', '', '', 'GR1001 Orphan', 'course-GR1001', 'scheduled', '', '', '', '']));
    files = edit(files, 'courses.csv', (rows) => { const row = rows[1]; if (row) row[5] = ''; });
    const report = await h.check(files);
    expect(report.state).toBe('invalid');
    expect(report.errors).toEqual(expect.arrayContaining([
      { file: 'enrollments.csv', line: 8, column: 'classSourcedId', code: 'unknown_reference', message: 'enrollments.csv:8 classSourcedId "GR1001-LAB-Z" is in no classes.csv file and not held.' },
      { file: 'users.csv', line: 6, column: 'sourcedId', code: 'duplicate_id', message: 'users.csv:6 sourcedId "u-bob" is already on line 3.' },
      { file: 'enrollments.csv', line: 9, column: 'userSourcedId', code: 'duplicate_enrollment', message: 'enrollments.csv:9 enrols the same person in the same class with the same role as line 2.' },
      expect.objectContaining({ file: 'classes.csv', line: 5, code: 'no_academic_year' }),
    ]));
    expect(report.errors).toHaveLength(4);
    await expect(h.service.requestApply(h.adminId, report.rowId, true)).rejects.toMatchObject({ statusCode: 409 });
    expect(await t.db.selectFrom('import_staged_rows').select('line').where('batch_id', '=', report.rowId).execute()).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('sourced_id', 'is not', null).execute()).toEqual([]);
  });

  it('a bundle of nothing is ready with nothing to do; one without a manifest, or not a zip, is invalid', async () => {
    const report = await h.check({});
    expect(report.state).toBe('ready');
    const noManifest = await h.service.create(null, { fileName: 'x.zip', path: await writeZip({ 'users.csv': 'sourcedId\r\n' }) });
    await h.service.validate(noManifest.rowId);
    const read = await h.service.report(noManifest.rowId);
    expect(read.state).toBe('invalid');
    expect(read.errors.map((e) => e.code)).toEqual(['missing_manifest']);
    const dir = await mkdtemp(join(tmpdir(), 'cc-not-zip-'));
    await writeFile(join(dir, 'x.zip'), 'sourcedId,name\r\n');
    const notZip = await h.service.create(null, { fileName: 'x.zip', path: join(dir, 'x.zip') });
    await h.service.validate(notZip.rowId);
    expect((await h.service.report(notZip.rowId)).errors.map((e) => e.code)).toEqual(['not_a_zip']);
  });

  it('refuses a user name that two people would share, in the bundle or with a person held under another id', async () => {
    const twin = edit(universityFiles(), 'users.csv', (rows) => { const carol = [...(rows[1] ?? [])]; carol[0] = 'u-carol'; carol[4] = 'ALICE@test.ac.uk'; rows.push(carol); });
    const report = await h.check(twin);
    expect(report.errors).toEqual([
      { file: 'users.csv', line: 6, column: 'username', code: 'username_taken', message: 'users.csv:6 username "ALICE@test.ac.uk" already belongs to the user with sourcedId "u-alice".' },
    ]);
  });

  it('a reference may point to a record held from an earlier import, unless that file is sent whole again', async () => {
    await h.apply(universityFiles());
    const files = universityFiles();
    const delta: Files = { 'enrollments.csv': [files['enrollments.csv']?.[0] ?? [], ['e-bob-lab-a', 'active', '2026-10-12T09:00:00Z', 'GR1001-LAB-A', 'u-bob', 'student', 'false']] };
    const report = await h.check(delta, { 'enrollments.csv': 'delta' });
    expect(report.errors).toEqual([]);
    expect(report.counts.enrollments).toEqual({ create: 1, update: 0, deactivate: 0, unchanged: 0 });
    const withoutClasses = { ...delta, 'classes.csv': [files['classes.csv']?.[0] ?? [], files['classes.csv']?.[1] ?? []] };
    const refused = await h.check(withoutClasses, { 'enrollments.csv': 'delta', 'classes.csv': 'bulk' });
    expect(refused.errors.map((e) => [e.code, e.line])).toEqual([['unknown_reference', 2]]);
  });
});

describe('a user name held under another id', () => {
  it('is refused while that person is not in the bundle', async () => {
    const files = universityFiles();
    // alice (held as u-alice since the import above) comes back under a new id with her user name.
    const renamed = edit(files, 'users.csv', (rows) => { const row = rows[1]; if (row) row[0] = 'u-alice-2'; });
    const delta = { 'users.csv': [(renamed['users.csv'] ?? [])[0] ?? [], ['u-alice-2', 'active', '2026-10-12T09:00:00Z', ...((renamed['users.csv'] ?? [])[1] ?? []).slice(3)]] };
    const report = await h.check(delta, { 'users.csv': 'delta' });
    expect(report.errors).toEqual([expect.objectContaining({ file: 'users.csv', line: 2, code: 'username_taken', message: expect.stringContaining('"u-alice"') })]);
  });
});
