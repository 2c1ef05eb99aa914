import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A file being received: written through `handle` to a temporary name, until committed or discarded. */
export interface IncomingFile {
  readonly path: string;
  readonly handle: FileHandle;
}

/**
 * Where absence evidence is kept. An upload is streamed to a temporary file on this instance's
 * disk while it is checked (`createIncoming`), then `commit` stores it for good under a random
 * storage key (128 bits, hex: nothing the client sent names it). The default implementation,
 * `PostgresFileStore`, keeps the bytes in the database, so that every instance can serve every file.
 */
export interface FileStore {
  /** Opens a new temporary file to receive an upload into (read and write, owner-only permissions). */
  createIncoming(): Promise<IncomingFile>;
  /** Stores a received (and closed) temporary file for good and removes it; returns its storage key. */
  commit(incomingPath: string): Promise<string>;
  /** Removes temporary files, ignoring ones already gone (committed or removed). */
  discard(incomingPaths: readonly string[]): Promise<void>;
  /** Removes what a crash or a kill left behind, untouched for `olderThanMs`; returns how many. */
  removeLeftovers(olderThanMs: number, now?: number): Promise<number>;
  /** The bytes, or undefined when there is no such file. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes stored files, ignoring ones already gone. */
  remove(keys: readonly string[]): Promise<void>;
}

const TEMPORARY = /^[0-9a-f]{32}\.[0-9a-f]+\.tmp$/;
export const STORAGE_KEY = /^[0-9a-f]{32}$/;

export const newStorageKey = (): string => randomBytes(16).toString('hex');

/**
 * The temporary files of uploads in progress, in one folder of this instance's disk (DATA_DIR/uploads,
 * never served). Names are `<random>.<random>.tmp`.
 */
export class IncomingFolder {
  constructor(readonly dir: string) {}

  async create(): Promise<IncomingFile> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `${randomBytes(16).toString('hex')}.${randomBytes(4).toString('hex')}.tmp`);
    return { path, handle: await open(path, 'wx+', 0o600) };
  }

  /** Throws unless `path` is a temporary file of this folder. */
  check(path: string): void {
    if (dirname(path) !== this.dir || !TEMPORARY.test(basename(path))) throw new Error('Not an incoming file of this store');
  }

  async discard(paths: readonly string[]): Promise<void> {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }

  /**
   * Removes temporary files not written to for `olderThanMs`, so that an upload in progress (of
   * this or another instance sharing the folder) is kept. Returns how many were removed.
   */
  async removeLeftovers(olderThanMs: number, now: number): Promise<number> {
    let removed = 0;
    for (const name of (await this.names()).filter((entry) => TEMPORARY.test(entry))) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Every name in the folder (none when it does not exist yet). */
  async names(): Promise<string[]> {
    return readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  }
}
