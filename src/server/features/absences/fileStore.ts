import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A file being received: written through `handle` to a temporary name, until committed or discarded. */
export interface IncomingFile {
  readonly path: string;
  readonly handle: FileHandle;
}

const TEMPORARY = /^[0-9a-f]{32}\.[0-9a-f]+\.tmp$/;

/**
 * Evidence files on disk under `uploadsDir` (DATA_DIR/uploads, never served statically). A file is
 * named only by its random storage key (128 bits, hex): nothing the client sent reaches a path.
 * Writes go to a temporary name (`<random>.<random>.tmp`) first and are renamed into place, so a
 * reader never sees half a file.
 */
export class FileStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error('Invalid storage key');
    return join(this.dir, key);
  }

  /** Opens a new temporary file to receive an upload into (read and write, owner-only permissions). */
  async createIncoming(): Promise<IncomingFile> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, `${randomBytes(16).toString('hex')}.${randomBytes(4).toString('hex')}.tmp`);
    return { path, handle: await open(path, 'wx+', 0o600) };
  }

  /** Moves a received (and closed) temporary file into place; returns its new storage key. */
  async commit(incomingPath: string): Promise<string> {
    if (dirname(incomingPath) !== this.dir || !TEMPORARY.test(basename(incomingPath))) throw new Error('Not an incoming file of this store');
    const key = randomBytes(16).toString('hex');
    await rename(incomingPath, this.pathOf(key));
    return key;
  }

  /** Removes temporary files, ignoring ones already gone (committed or removed). */
  async discard(incomingPaths: readonly string[]): Promise<void> {
    await Promise.all(incomingPaths.map((path) => rm(path, { force: true })));
  }

  /**
   * Removes temporary files left by a crash or a kill: those not written to for `olderThanMs`,
   * so that another instance's upload in progress (every instance shares the folder) is kept.
   * Returns how many were removed.
   */
  async removeLeftovers(olderThanMs: number, now = Date.now()): Promise<number> {
    const names = await readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    let removed = 0;
    for (const name of names.filter((entry) => TEMPORARY.test(entry))) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** The bytes, or undefined when the file is missing. */
  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes files, ignoring ones already gone. */
  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
