import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../../../src/server/features/imports/bundle/readBundle.js';
import {
  collectingSink, corruptDeflateData, declareUncompressedSize, makeTempDir, manifestCsv, markEncrypted, patchZip, renameEntry,
  setCompressionMethod, writeZip,
} from './bundleZip.js';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

const manifest = { name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk' }) };
const orgs = { name: 'orgs.csv', data: 'sourcedId,name,type\no1,One,school\n' };

/** `megabytes` of zeros, a block at a time. */
function* zeroBlocks(megabytes: number): Generator<Buffer> {
  const block = Buffer.alloc(1024 * 1024);
  for (let n = 0; n < megabytes; n += 1) yield block;
}

/** A stream of `megabytes` of zeros, never held whole. */
const zeros = (megabytes: number) => () => Readable.from(zeroBlocks(megabytes));

async function readZip(zipPath: string, limits = {}) {
  const collected = collectingSink();
  const result = await readBundle(zipPath, collected.sink, limits);
  return { result, rows: collected.rows };
}

describe('zip safety', () => {
  it('refuses a file that is not a zip', async () => {
    const path = join(temp.dir, 'upload.zip');
    await writeFile(path, 'sourcedId,name,type\no1,One,school\n');
    const { result, rows } = await readZip(path);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([{
      file: 'upload.zip', line: null, column: null, code: 'not_a_zip', message: 'upload.zip is not a zip file (or it is cut short); send the bundle as a .zip',
    }]);
    expect(rows.size).toBe(0);
  });

  it('refuses an empty file', async () => {
    const path = join(temp.dir, 'empty.zip');
    await writeFile(path, '');
    const { result } = await readZip(path);
    expect(result.errors.map((each) => each.code)).toEqual(['not_a_zip']);
  });

  it.each([
    ['../orgs.csv', 'climbs out of its folder with ".."'],
    ['a/../s.csv', 'climbs out of its folder with ".."'],
    ['/xorgs.csv', 'is an absolute path'],
    ['C:orgs.csv', 'starts with a drive letter'],
    ['a\\orgs.csv', 'contains a backslash'],
  ])('refuses an entry named %s', async (name, reason) => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs, { name: 'x'.repeat(name.length), data: 'x' }]);
    await patchZip(zipPath, 'x'.repeat(name.length), renameEntry(name));
    const { result, rows } = await readZip(zipPath);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([expect.objectContaining({ file: name, line: null, column: null, code: 'unsafe_entry_name' })]);
    expect(result.errors[0]?.message).toContain(`the entry ${JSON.stringify(name)} ${reason}`);
    expect(rows.size).toBe(0);
  });

  it('refuses two entries of one name', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs, { name: 'orgs.csx', data: 'sourcedId,name,type\no2,Two,school\n' }]);
    await patchZip(zipPath, 'orgs.csx', renameEntry('orgs.csv'));
    const { result, rows } = await readZip(zipPath);
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', code: 'unsafe_entry_name' })]);
    expect(result.errors[0]?.message).toContain('appears twice');
    expect(rows.size).toBe(0);
  });

  it('refuses more than maxEntries entries', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs, { name: 'a.txt', data: 'a' }, { name: 'b.txt', data: 'b' }], 'crowded.zip');
    const { result, rows } = await readZip(zipPath, { maxEntries: 3 });
    expect(result.errors).toEqual([{
      file: 'crowded.zip', line: null, column: null, code: 'too_many_entries', message: 'crowded.zip holds 4 entries; a bundle may hold at most 3',
    }]);
    expect(rows.size).toBe(0);
    const { result: allowed } = await readZip(zipPath, { maxEntries: 4 });
    expect(allowed.errors).toEqual([]);
  });

  it('refuses a 100× bomb from its declared sizes, before inflating it', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs, { name: 'users.csv', data: zeros(50) }]);
    const { result, rows } = await readZip(zipPath);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([expect.objectContaining({ file: 'users.csv', line: null, code: 'zip_bomb' })]);
    expect(result.errors[0]?.message).toMatch(/^users\.csv is compressed \d+ times, over the limit of 100 times/);
    expect(rows.size).toBe(0);
  });

  it('refuses an entry declared over maxEntryBytes', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, { name: 'orgs.csv', data: `sourcedId,name,type\n${'o1,One,school\n'.repeat(100)}` }]);
    const { result, rows } = await readZip(zipPath, { maxEntryBytes: 1000 });
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', code: 'zip_bomb' })]);
    expect(result.errors[0]?.message).toMatch(/^orgs\.csv would unpack to 1420 bytes, over the limit of 1000 bytes/);
    expect(rows.size).toBe(0);
  });

  it('stops a bomb whose header understates its size while inflating it', async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk', users: 'bulk' }) },
      orgs,
      { name: 'users.csv', data: () => Readable.from((function* () {
        yield Buffer.from('sourcedId,enabledUser,username,givenName,familyName\n');
        yield* zeroBlocks(20);
      })()) },
      { name: 'ext.events.csv', data: 'never read' },
    ]);
    await patchZip(zipPath, 'users.csv', declareUncompressedSize(64 * 1024));
    const { result, rows } = await readZip(zipPath);
    expect(result.errors).toEqual([expect.objectContaining({ file: 'users.csv', code: 'zip_bomb' })]);
    expect(result.errors[0]?.message).toContain('users.csv unpacks to more than its header declared');
    expect(rows.has('users')).toBe(false);
    // orgs.csv comes before users.csv and was read whole before the bomb was found; nothing after it is read.
    expect(rows.get('orgs')).toHaveLength(1);
    expect(result.manifest?.modes.users).toBe('bulk');
    expect(result.rowCounts.events).toBe(0);
  });

  it('refuses an encrypted entry', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs]);
    await patchZip(zipPath, 'orgs.csv', markEncrypted);
    const { result, rows } = await readZip(zipPath);
    expect(result.errors).toEqual([{
      file: 'orgs.csv', line: null, column: null, code: 'encrypted_entry', message: 'orgs.csv is encrypted; send the bundle without a password',
    }]);
    expect(rows.size).toBe(0);
  });

  it('refuses an entry compressed with another method', async () => {
    const zipPath = await writeZip(temp.dir, [manifest, orgs]);
    await patchZip(zipPath, 'orgs.csv', setCompressionMethod(12));
    const { result } = await readZip(zipPath);
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', code: 'unsupported_compression' })]);
  });

  it('reports an entry whose data cannot be inflated, and reads the other files', async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk', courses: 'bulk' }) },
      orgs,
      { name: 'courses.csv', data: 'sourcedId,title,courseCode\nc1,Algorithms,CS2041\n' },
    ]);
    await patchZip(zipPath, 'orgs.csv', corruptDeflateData);
    const { result, rows } = await readZip(zipPath);
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', code: 'corrupt_entry' })]);
    expect(rows.get('courses')).toHaveLength(1);
  });
});
