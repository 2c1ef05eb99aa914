import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { importHarness } from './importService.js';
import { universityFiles, type Files } from './university.js';

let t: TestDatabase;
let h: Awaited<ReturnType<typeof importHarness>>;
beforeAll(async () => {
  t = await createTestDatabase('empty');
  h = await importHarness(t.db, new Date('2026-10-12T08:00:00Z'));
  await h.apply(universityFiles());
});
afterAll(async () => {
  await t.drop();
});

type Row = (string | number | boolean | null)[];
const only = (files: Files, file: string, keep: (row: Row, index: number) => boolean): Files => ({
  ...files, [file]: (files[file] ?? []).filter((row, i) => i === 0 || keep([...row], i)),
});
const activeIds = async (table: 'users' | 'timetable_events' | 'rooms', key: 'sourced_id' | 'id' = 'sourced_id') =>
  (await t.db.selectFrom(table).select(key).where('is_active', '=', true).where(key, 'is not', null).orderBy(key).execute()).map((r) => (r as Record<string, unknown>)[key]);

describe('the guards against a bad export', () => {
  it('warns when a bulk file would deactivate over the threshold, and applies only once the warning is accepted', async () => {
    // bob leaves, with his role and enrolments: a quarter of the people.
    let files = only(universityFiles(), 'users.csv', (row) => row[0] !== 'u-bob');
    files = only(files, 'roles.csv', (row) => row[3] !== 'u-bob');
    files = only(files, 'enrollments.csv', (row) => row[4] !== 'u-bob');
    const report = await h.check(files);
    expect(report.counts.users).toEqual({ create: 0, update: 0, deactivate: 1, unchanged: 3 });
    expect(report.warnings).toEqual([
      { file: 'users.csv', line: null, column: null, code: 'deactivation_threshold', message: 'users.csv would deactivate 1 of 4 active records (25%), over the 10% threshold: probably an incomplete export.' },
      expect.objectContaining({ file: 'roles.csv', code: 'deactivation_threshold' }),
      expect.objectContaining({ file: 'enrollments.csv', code: 'deactivation_threshold' }),
    ]);
    await expect(h.service.requestApply(h.adminId, report.rowId, false)).rejects.toMatchObject({
      statusCode: 400, errors: { acceptWarnings: ['This import has warnings. Read them, then accept them to apply it.'] },
    });
    await h.service.requestApply(h.adminId, report.rowId, true);
    await h.service.apply(report.rowId);
    expect(await activeIds('users')).toEqual(['u-alice', 'u-lect', 'u-tutor']);
    const bob = await t.db.selectFrom('users').select(['id', 'is_active']).where('sourced_id', '=', 'u-bob').executeTakeFirstOrThrow();
    expect(bob.is_active).toBe(false);
    expect(await t.db.selectFrom('user_roles').select('role').where('user_id', '=', bob.id).execute()).toEqual([]);
    // A threshold raised for one import takes the same change without a warning.
    const raised = await h.check(only(files, 'users.csv', (row) => row[0] !== 'u-tutor'), {}, 50);
    expect(raised.warnings.filter((w) => w.file === 'users.csv' && w.code === 'deactivation_threshold')).toEqual([]);
  });

  it('refuses an empty bulk file unless accepted, and deactivates only the events inside a bulk events file\'s span', async () => {
    const files = universityFiles();
    const empty = await h.check({ 'ext.events.csv': [files['ext.events.csv']?.[0] ?? []] });
    expect(empty.warnings).toEqual([expect.objectContaining({ file: 'ext.events.csv', code: 'empty_bulk_file' })]);
    // The afternoon's labs only: lab B goes, the morning lecture is outside the file's span and stays.
    const afternoon = only(files, 'ext.events.csv', (row) => row[0] === 'ev-lab-a-1');
    const report = await h.apply({ 'ext.events.csv': afternoon['ext.events.csv'] ?? [] });
    expect(report.counts.events).toEqual({ create: 0, update: 0, deactivate: 0, unchanged: 1 });
    const later = only(files, 'ext.events.csv', (row) => row[0] !== 'ev-lab-b-1');
    const trimmed = await h.check({ 'ext.events.csv': later['ext.events.csv'] ?? [] });
    expect(trimmed.counts.events).toEqual({ create: 0, update: 0, deactivate: 0, unchanged: 2 });
    const labsOnly = only(files, 'ext.events.csv', (row) => row[0] !== 'ev-lab-b-1' && row[0] !== 'ev-lec-1');
    const withoutB = { 'ext.events.csv': [...(labsOnly['ext.events.csv'] ?? []), ['ev-late', '', '', 'GR1001-LAB-B', 'Lab', '2026-10-15T16:00:00+01:00', '2026-10-15T18:00:00+01:00', 'MB-1.10', '', 'false', 'scheduled', '']] };
    const spanned = await h.apply(withoutB, {}, true);
    expect(spanned.counts.events).toEqual({ create: 1, update: 0, deactivate: 1, unchanged: 1 });
    expect(await activeIds('timetable_events')).toEqual(['ev-lab-a-1', 'ev-late', 'ev-lec-1']);
  });

  it('warns that many records dropped and came back under new ids with the same names looks like an id change', async () => {
    const header = ['sourcedId', 'status', 'dateLastModified', 'name', 'building', 'latitude', 'longitude', 'floor', 'capacity'];
    const rooms = (prefix: string) => [header, ...['A', 'B', 'C', 'D', 'E', 'F'].map((n) => [`${prefix}-${n}`, '', '', `Room ${n}`, 'Annex', '', '', '', ''])];
    const keep = (universityFiles()['ext.rooms.csv'] ?? []).slice(1);
    await h.apply({ 'ext.rooms.csv': [...rooms('OLD'), ...keep] });
    const report = await h.check({ 'ext.rooms.csv': [...rooms('NEW'), ...keep] });
    expect(report.counts.rooms).toEqual({ create: 6, update: 0, deactivate: 6, unchanged: 2 });
    expect(report.warnings.map((w) => w.code)).toEqual(['deactivation_threshold', 'id_change']);
    expect(report.warnings[1]?.message).toBe('ext.rooms.csv looks like an id change: 6 of the 6 records it drops come back under new ids with the same names or codes. Their history would not follow them.');
  });
});
