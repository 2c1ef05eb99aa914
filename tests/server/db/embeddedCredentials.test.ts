import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrCreatePassword } from '../../../src/server/db/embeddedCredentials.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'campus-pg-credentials-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the embedded PostgreSQL password file', () => {
  it('is created once, random and 0600, and read back unchanged', async () => {
    const file = join(folder, 'new.password');
    const password = await readOrCreatePassword(file);
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(`${password}\n`);
    expect(await readOrCreatePassword(file)).toBe(password);
    expect(await readOrCreatePassword(join(folder, 'other.password'))).not.toBe(password);
  });

  it('is set back to 0600 when it was restored more openly', async () => {
    const file = join(folder, 'restored.password');
    await writeFile(file, 'a-restored-password-of-some-length\n', { mode: 0o644 });
    expect(await readOrCreatePassword(file)).toBe('a-restored-password-of-some-length');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a link, a file of another OS user, and an empty file, rather than trusting a planted password', async () => {
    const target = join(folder, 'planted');
    await writeFile(target, 'a-password-someone-else-knows\n', { mode: 0o600 });
    const link = join(folder, 'link.password');
    await symlink(target, link);
    await expect(readOrCreatePassword(link)).rejects.toThrow('is not a regular file');

    const foreign = join(folder, 'foreign.password');
    await writeFile(foreign, 'a-password-someone-else-knows\n', { mode: 0o600 });
    const otherUid = (process.getuid?.() ?? 0) + 1;
    await expect(readOrCreatePassword(foreign, otherUid)).rejects.toThrow('belongs to another OS user');

    const empty = join(folder, 'empty.password');
    await writeFile(empty, '\n', { mode: 0o600 });
    await expect(readOrCreatePassword(empty)).rejects.toThrow('empty or damaged');
  });
});
