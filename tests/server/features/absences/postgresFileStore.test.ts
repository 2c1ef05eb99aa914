import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresFileStore } from '../../../../src/server/features/absences/postgresFileStore.js';
import { createTestApp, signIn, type TestApp } from '../../../helpers/testApp.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/testDb.js';
import { samples } from './multipart.js';
import { REQUESTS_PATH } from './support.js';

const HOUR = 3_600_000;

describe('evidence files kept on disk by an older version', () => {
  let dir: string;
  let t: TestApp | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'legacy-evidence-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('move into the database (once, however often it runs); files no request names stay where they are', async () => {
    const database = await createTestDatabase('seeded');
    try {
      const student = await database.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow();
      const request = await database.db.selectFrom('absence_requests').select('id').where('student_user_id', '=', student.id).executeTakeFirstOrThrow();
      const legacyKey = 'd'.repeat(32);
      const unnamedKey = 'e'.repeat(32);
      await database.db.insertInto('absence_files')
        .values({ request_id: request.id, file_name: 'old note.pdf', content_type: 'application/pdf', size_bytes: samples.pdf.length, storage_key: legacyKey })
        .execute();
      const uploads = join(dir, 'direct');
      await mkdir(uploads);
      await writeFile(join(uploads, legacyKey), samples.pdf);
      await writeFile(join(uploads, unnamedKey), 'stray');

      const store = new PostgresFileStore(database.db, uploads);
      expect(await store.importLegacyFiles()).toBe(1);
      expect(await store.importLegacyFiles()).toBe(0);
      expect(await readdir(uploads)).toEqual([unnamedKey]);
      expect((await store.read(legacyKey))?.equals(samples.pdf)).toBe(true);
      expect(await store.read(unnamedKey)).toBeUndefined();
    } finally {
      await database.drop();
    }
  });

  it('are moved by the server itself when it starts', async () => {
    const uploads = join(dir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await mkdir(uploads);
    const legacyKey = 'f'.repeat(32);
    await writeFile(join(uploads, legacyKey), samples.pdf);
    // At the first start no request names the file, so it stays; once one does, a restart moves it.
    t = await createTestApp({ DATA_DIR: dir });
    const student = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow();
    const request = await t.db.selectFrom('absence_requests').select('id').where('student_user_id', '=', student.id).executeTakeFirstOrThrow();
    const row = await t.db.insertInto('absence_files')
      .values({ request_id: request.id, file_name: 'old note.pdf', content_type: 'application/pdf', size_bytes: samples.pdf.length, storage_key: legacyKey })
      .returning('id').executeTakeFirstOrThrow();
    expect(await readdir(uploads)).toEqual([legacyKey]);
    await t.app.close();

    const { buildApp } = await import('../../../../src/server/app.js');
    const restarted = await buildApp({ config: t.config, db: t.db });
    await restarted.ready();
    try {
      expect(await readdir(uploads)).toEqual([]);
      const caller = await signIn(restarted, 'student');
      const download = await restarted.inject({ method: 'GET', url: `${REQUESTS_PATH}/${request.id}/files/${row.id}`, headers: caller.headers() });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(samples.pdf)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('leftovers in the database', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('seeded');
    dir = await mkdtemp(join(tmpdir(), 'evidence-orphans-'));
  });
  afterAll(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('removes stored contents no absence file names once they are older than the upload deadline', async () => {
    const store = new PostgresFileStore(database.db, join(dir, 'uploads'));
    const incoming = async (): Promise<string> => {
      const file = await store.createIncoming();
      await file.handle.write(samples.pdf);
      await file.handle.close();
      return file.path;
    };
    const named = await store.commit(await incoming());
    const oldOrphan = await store.commit(await incoming());
    const youngOrphan = await store.commit(await incoming());
    const request = await database.db.selectFrom('absence_requests').select('id').executeTakeFirstOrThrow();
    await database.db.insertInto('absence_files')
      .values({ request_id: request.id, file_name: 'a.pdf', content_type: 'application/pdf', size_bytes: samples.pdf.length, storage_key: named })
      .execute();
    await sql`UPDATE evidence_contents SET created_at = now() - interval '2 hours' WHERE storage_key IN (${named}, ${oldOrphan})`.execute(database.db);

    expect(await readdir(join(dir, 'uploads'))).toEqual([]); // committed temporaries are gone from disk
    expect(await store.removeLeftovers(HOUR, Date.now())).toBe(1);
    const kept = (await database.db.selectFrom('evidence_contents').select('storage_key').execute()).map((row) => row.storage_key);
    expect(kept.sort()).toEqual([named, youngOrphan].sort());
  });
});
