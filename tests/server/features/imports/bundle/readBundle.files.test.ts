import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../../../src/server/features/imports/bundle/readBundle.js';
import { collectingSink, makeTempDir, manifestCsv, writeZip, type ZipFileSpec } from './bundleZip.js';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

async function read(files: readonly ZipFileSpec[]) {
  const zipPath = await writeZip(temp.dir, files);
  const collected = collectingSink();
  const result = await readBundle(zipPath, collected.sink);
  return { result, rows: collected.rows };
}

const orgs = { name: 'orgs.csv', data: 'sourcedId,name,type\no1,One,school\n' };

describe('the manifest', () => {
  it('must be there', async () => {
    const { result, rows } = await read([orgs]);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([expect.objectContaining({ code: 'missing_manifest', line: null, column: null })]);
    expect(result.errors[0]?.file).toMatch(/\.zip$/);
    expect(result.errors[0]?.message).toContain('there is no manifest.csv at the root of the zip or inside its one top-level folder');
    expect(rows.size).toBe(0);
  });

  it('is not looked for deeper than one folder', async () => {
    const { result } = await read([
      { name: 'a/b/manifest.csv', data: manifestCsv({ orgs: 'bulk' }) },
      { name: 'a/b/orgs.csv', data: orgs.data },
    ]);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'missing_manifest' })]);
    expect(result.errors[0]?.message).toContain('one was found at a/b/manifest.csv, deeper than one folder');
  });

  it('is refused when two folders each hold one', async () => {
    const { result } = await read([
      { name: 'a/manifest.csv', data: manifestCsv() },
      { name: 'b/manifest.csv', data: manifestCsv() },
    ]);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'missing_manifest' })]);
    expect(result.errors[0]?.message).toContain('several folders hold one (a/manifest.csv, b/manifest.csv)');
  });

  it('must name versions 1.0 and 1.2, or no data file is read', async () => {
    const manifest = manifestCsv({ orgs: 'bulk' }).replace('manifest.version,1.0', 'manifest.version,2.0').replace('oneroster.version,1.2\n', '');
    const { result, rows } = await read([{ name: 'manifest.csv', data: manifest }, orgs]);
    expect(result.errors).toEqual([
      { file: 'manifest.csv', line: 2, column: 'value', code: 'unsupported_version', message: 'manifest.csv:2 value: manifest.version is "2.0"; this import reads manifest.version 1.0' },
      { file: 'manifest.csv', line: null, column: null, code: 'unsupported_version', message: 'manifest.csv: there is no oneroster.version line; this import reads oneroster.version 1.2' },
    ]);
    expect(result.manifest?.modes.orgs).toBe('bulk');
    expect(rows.size).toBe(0);
  });

  it('must say bulk, delta or absent for each OneRoster file, and the extension lines default to absent', async () => {
    const manifest = manifestCsv({ orgs: 'full', users: 'Bulk' }).replace('file.courses,absent\n', '');
    const { result, rows } = await read([
      { name: 'manifest.csv', data: manifest },
      orgs,
      { name: 'users.csv', data: 'sourcedId,enabledUser,username,givenName,familyName\nu1,true,u1,A,B\n' },
      { name: 'ext.events.csv', data: 'not read' },
    ]);
    expect(result.errors).toEqual([
      { file: 'manifest.csv', line: 5, column: 'value', code: 'malformed_value', message: 'manifest.csv:5 value: file.orgs is "full"; it must be bulk, delta or absent' },
      { file: 'manifest.csv', line: null, column: null, code: 'missing_value', message: 'manifest.csv: there is no file.courses line; it must say whether courses.csv is bulk, delta or absent' },
    ]);
    expect(result.manifest?.modes).toMatchObject({ orgs: 'absent', courses: 'absent', users: 'bulk', rooms: 'absent', events: 'absent', absenceCategories: 'absent' });
    expect([...rows.keys()]).toEqual(['users']);
  });

  it('flags a property given twice', async () => {
    const { result } = await read([{ name: 'manifest.csv', data: manifestCsv({}, ['file.orgs,bulk']) }]);
    expect(result.errors).toEqual([expect.objectContaining({ code: 'malformed_value', line: 11, column: 'propertyName' })]);
    expect(result.errors[0]?.message).toBe('manifest.csv:11 propertyName: file.orgs is given again (first on line 5)');
  });

  it('needs its two columns', async () => {
    const { result } = await read([{ name: 'manifest.csv', data: 'name,value\nmanifest.version,1.0\n' }]);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([{
      file: 'manifest.csv', line: null, column: 'propertyName', code: 'missing_column',
      message: 'manifest.csv: no column "propertyName"; none of the file\'s rows were read',
    }]);
  });

  it('reports a file it lists that the zip lacks', async () => {
    const { result } = await read([
      { name: 'manifest.csv', data: manifestCsv({ users: 'bulk', orgs: 'delta' }) },
      { name: 'Orgs.csv', data: orgs.data },
    ]);
    expect(result.errors).toEqual([
      { file: 'manifest.csv', line: null, column: null, code: 'missing_file', message: 'manifest.csv: file.orgs=delta but orgs.csv is missing (the zip has Orgs.csv; names are case-sensitive)' },
      { file: 'manifest.csv', line: null, column: null, code: 'missing_file', message: 'manifest.csv: file.users=bulk but users.csv is missing' },
    ]);
  });

  it('is refused when empty', async () => {
    const { result } = await read([{ name: 'manifest.csv', data: '' }]);
    expect(result.manifest).toBeNull();
    expect(result.errors).toEqual([expect.objectContaining({ code: 'empty_file', file: 'manifest.csv' })]);
  });
});

describe('a data file', () => {
  const withOrgs = (data: string | Buffer) => read([{ name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk', courses: 'bulk' }) },
    { name: 'orgs.csv', data }, { name: 'courses.csv', data: 'sourcedId,title,courseCode\nc1,Algorithms,CS2041\n' }]);

  it('with a required column missing is not read, and the next file still is', async () => {
    const { result, rows } = await withOrgs('sourcedId,name\no1,One\n');
    expect(result.errors).toEqual([
      { file: 'orgs.csv', line: null, column: 'type', code: 'missing_column', message: 'orgs.csv: no column "type"; none of the file\'s rows were read' },
    ]);
    expect(rows.has('orgs')).toBe(false);
    expect(rows.get('courses')).toHaveLength(1);
  });

  it('matches column names exactly after trimming', async () => {
    const { result, rows } = await withOrgs(' sourcedId , Name ,type\no1,One,school\n');
    expect(result.errors.map((each) => [each.code, each.column])).toEqual([['missing_column', 'name']]);
    expect(rows.has('orgs')).toBe(false);
  });

  it('with a column it reads given twice is not read', async () => {
    const { result } = await withOrgs('sourcedId,name,type,name\no1,One,school,Uno\n');
    expect(result.errors).toEqual([{
      file: 'orgs.csv', line: null, column: 'name', code: 'duplicate_column',
      message: 'orgs.csv: the column "name" appears 2 times in the header; none of the file\'s rows were read',
    }]);
  });

  it('that is empty is flagged', async () => {
    const { result } = await withOrgs('');
    expect(result.errors).toEqual([{ file: 'orgs.csv', line: null, column: null, code: 'empty_file', message: 'orgs.csv is empty: it has no header row' }]);
  });

  it('that is not UTF-8 stops at the line of the bad byte', async () => {
    const latin1 = Buffer.concat([Buffer.from('sourcedId,name,type\no1,One,school\no2,Caf'), Buffer.from([0xe9]), Buffer.from(',school\no3,Three,school\n')]);
    const { result, rows } = await withOrgs(latin1);
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', line: 3, column: null, code: 'not_utf8' })]);
    expect(result.errors[0]?.message).toMatch(/^orgs\.csv:3 is not UTF-8 text/);
    expect(rows.has('courses')).toBe(true);
  });

  it('with a quote never closed stops there', async () => {
    const { result, rows } = await withOrgs('sourcedId,name,type\no1,One,school\no2,"Two,school\no3,Three,school\n');
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', line: 3, code: 'malformed_csv' })]);
    expect(result.errors[0]?.message).toContain('orgs.csv:3: a quoted value that starts here is never closed');
    expect(rows.get('orgs')?.map((each) => each.row.sourcedId)).toEqual(['o1']);
    expect(rows.get('courses')).toHaveLength(1);
  });

  it('with a stray quote after a quoted value stops at its line', async () => {
    const { result } = await withOrgs('sourcedId,name,type\no1,One,school\no2,"Two" Too,school\n');
    expect(result.errors).toEqual([expect.objectContaining({ file: 'orgs.csv', line: 3, code: 'malformed_csv' })]);
  });
});
