import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../../../src/server/features/imports/bundle/readBundle.js';
import type { RowSink } from '../../../../../src/server/features/imports/bundle/rows.js';
import { makeTempDir, manifestCsv, writeZip } from './bundleZip.js';

const rowCount = 200_000;

/**
 * A full garbage collection, so that heapUsed measures what is still held rather than garbage not
 * yet collected (which alone can reach tens of megabytes while 30 MB of CSV streams past).
 */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** users.csv, generated a thousand rows at a time, never held whole. */
function* usersCsv(): Generator<string> {
  yield 'sourcedId,status,dateLastModified,enabledUser,username,givenName,familyName,identifier,email,primaryOrgSourcedId,'
    + 'metadata.cc.studyLevel,metadata.cc.programme,metadata.cc.isStudentVisaHolder\n';
  for (let start = 0; start < rowCount; start += 1000) {
    let block = '';
    for (let n = start; n < start + 1000; n += 1) {
      block += `u${n},active,,${n % 7 === 0 ? 'false' : 'true'},user${n}@uni.example,Given${n},"Family, ${n}",S${String(n).padStart(7, '0')},`
        + `user${n}@uni.example,org-${n % 13},${n % 4},Programme ${n % 57},${n % 2 === 0}\n`;
    }
    yield block;
  }
}

describe('readBundle memory', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(async () => {
    await temp.cleanup();
  });

  it(`streams ${rowCount} users through a sink that drops them without the heap growing`, async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ users: 'bulk' }) },
      { name: 'users.csv', data: () => Readable.from(usersCsv()) },
    ]);
    const gc = collectGarbage();
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    let delivered = 0;
    let batches = 0;
    let lastLine = 0;
    const sink: RowSink = async (_entity, rows) => {
      delivered += rows.length;
      lastLine = rows.at(-1)?.line ?? lastLine;
      batches += 1;
      // Every 20th batch (of 200): what the reader holds mid-file, with its parser and zip stream open.
      if (batches % 20 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    };
    const result = await readBundle(zipPath, sink);
    expect(result.errors).toEqual([]);
    expect(result.rowCounts.users).toBe(rowCount);
    expect(delivered).toBe(rowCount);
    expect(lastLine).toBe(rowCount + 1);
    expect(peak - baseline).toBeLessThan(60 * 1024 * 1024);
  }, 120_000);
});
