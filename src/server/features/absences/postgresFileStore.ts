import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { IncomingFolder, newStorageKey, STORAGE_KEY, type FileStore, type IncomingFile } from './fileStore.js';

/**
 * Evidence files in PostgreSQL (`evidence_contents`, bytea: files are at most 5 MB), so that any
 * instance serves a file another one received. Uploads still arrive in a temporary file on the
 * receiving instance's disk while they are checked; `commit` copies the bytes into the table.
 */
export class PostgresFileStore implements FileStore {
  private readonly incoming: IncomingFolder;

  constructor(private readonly db: Db, uploadsDir: string) {
    this.incoming = new IncomingFolder(uploadsDir);
  }

  createIncoming(): Promise<IncomingFile> {
    return this.incoming.create();
  }

  async commit(incomingPath: string): Promise<string> {
    this.incoming.check(incomingPath);
    const key = newStorageKey();
    const bytes = await readFile(incomingPath);
    await this.db.insertInto('evidence_contents').values({ storage_key: key, bytes }).execute();
    await rm(incomingPath, { force: true });
    return key;
  }

  discard(incomingPaths: readonly string[]): Promise<void> {
    return this.incoming.discard(incomingPaths);
  }

  /**
   * Temporary files of this instance untouched for `olderThanMs`, and stored contents that no
   * absence file names and that are older than that (a crash between storing the bytes and saving
   * the request, or after a file's row was deleted but before its bytes were).
   */
  async removeLeftovers(olderThanMs: number, now: number): Promise<number> {
    const temporary = await this.incoming.removeLeftovers(olderThanMs, now);
    const orphans = await this.db
      .deleteFrom('evidence_contents')
      .where('created_at', '<', new Date(now - olderThanMs))
      .where((eb) => eb.not(eb.exists(
        eb.selectFrom('absence_files').select(sql.lit(1).as('one')).whereRef('absence_files.storage_key', '=', 'evidence_contents.storage_key'),
      )))
      .executeTakeFirst();
    return temporary + Number(orphans.numDeletedRows);
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!STORAGE_KEY.test(key)) return undefined;
    const row = await this.db.selectFrom('evidence_contents').select('bytes').where('storage_key', '=', key).executeTakeFirst();
    return row?.bytes;
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.deleteFrom('evidence_contents').where('storage_key', 'in', [...keys]).execute();
  }

  /**
   * Versions before 0007 kept committed files on the receiving instance's disk, as
   * `DATA_DIR/uploads/<storage key>`. Each one an absence file still names is copied into the table
   * (a key already there is left as it is, so this can run at every start and on several instances)
   * and then removed from disk. Files no request names are left alone. Returns how many were moved.
   */
  async importLegacyFiles(): Promise<number> {
    const keys = (await this.incoming.names()).filter((name) => STORAGE_KEY.test(name));
    if (keys.length === 0) return 0;
    const named = new Set((await this.db.selectFrom('absence_files').select('storage_key').where('storage_key', 'in', keys).execute()).map((row) => row.storage_key));
    let moved = 0;
    for (const key of keys.filter((name) => named.has(name))) {
      const path = join(this.incoming.dir, key);
      await this.db.insertInto('evidence_contents').values({ storage_key: key, bytes: await readFile(path) })
        .onConflict((oc) => oc.column('storage_key').doNothing()).execute();
      await rm(path, { force: true });
      moved += 1;
    }
    return moved;
  }
}
