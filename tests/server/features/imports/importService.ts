import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SettableClock } from '../../../../src/server/clock.js';
import type { Db } from '../../../../src/server/db/database.js';
import { ImportService } from '../../../../src/server/features/imports/imports.service.js';
import { Notifier } from '../../../../src/server/features/notifications/notify.service.js';
import { writeZip } from '../../../helpers/importBundle.js';
import { bundleEntries, type Files } from './university.js';

export type Modes = Record<string, 'bulk' | 'delta' | 'absent'>;

/**
 * The import service on a test database, its jobs run by the test (no queue): `check` uploads and
 * validates, `apply` also applies (accepting warnings when asked).
 */
export async function importHarness(db: Db, start: Date) {
  const clock = new SettableClock(start, { frozen: true });
  // No device is subscribed in these tests: notifications are stored and nothing is pushed.
  const notifier = new Notifier(db, { send: async () => {} } as never, clock);
  const service = new ImportService({ db, clock, notifier, tempDir: await mkdtemp(join(tmpdir(), 'cc-import-jobs-')), jobs: { queue: async () => {} } });
  const admin = await db.insertInto('users').values({ user_name: `admin.${start.getTime()}`, display_name: 'Import Admin', first_name: 'Import', email: '', created_at: start })
    .returning('id').executeTakeFirstOrThrow();
  const check = async (files: Files, modes: Modes = {}, threshold?: number) => {
    const path = await writeZip(bundleEntries(files, modes));
    const summary = await service.create(null, { fileName: 'bundle.zip', path, ...(threshold === undefined ? {} : { deactivationThresholdPercent: threshold }) });
    await service.validate(summary.rowId);
    return service.report(summary.rowId);
  };
  const apply = async (files: Files, modes: Modes = {}, acceptWarnings = false) => {
    const report = await check(files, modes);
    expect(report.errors).toEqual([]);
    await service.requestApply(admin.id, report.rowId, acceptWarnings);
    await service.apply(report.rowId);
    return service.report(report.rowId);
  };
  return { clock, service, check, apply, adminId: admin.id };
}
