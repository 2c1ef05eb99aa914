import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettableClock } from '../../clock.js';
import { ImportService } from '../../features/imports/imports.service.js';
import { Notifier } from '../../features/notifications/notify.service.js';
import type { PushService } from '../../push/push.service.js';
import type { Db } from '../database.js';
import { generateDemoBundle, writeBundleZip } from './bundle/index.js';

/**
 * The demo university goes in as a university's data does: its bundle (bundle/, relative to
 * `today`) through the import pipeline, checked and applied like any upload. It runs inside the
 * seed's transaction, so a seed that fails leaves nothing behind. No one is notified: it is the
 * first import, and every record is new.
 */
export async function importDemoBundle(db: Db, today: Date): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'campus-demo-bundle-'));
  try {
    const path = join(dir, 'demo-university.zip');
    await writeBundleZip(generateDemoBundle(today), path);
    const clock = new SettableClock(today, { frozen: true });
    const noPushes = { send: () => Promise.resolve(0) } as unknown as PushService;
    const service = new ImportService({ db, clock, notifier: new Notifier(db, noPushes, clock), jobs: { queue: async () => {} }, tempDir: dir });
    const batch = await service.create(null, { fileName: 'demo-university.zip', path });
    await service.validate(batch.rowId);
    const report = await service.report(batch.rowId);
    if (report.state !== 'ready') {
      const problems = report.errors.slice(0, 5).map((p) => p.message).join('; ');
      throw new Error(`The demo bundle did not pass its checks (${report.state}): ${problems}`);
    }
    await service.requestApply(null, batch.rowId, true);
    await service.apply(batch.rowId);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
