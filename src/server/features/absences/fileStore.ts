import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Evidence files on disk under `uploadsDir` (DATA_DIR/uploads, never served statically). A file is
 * named only by its random storage key (128 bits, hex): nothing the client sent reaches a path.
 * Writes go to a temporary name first and are renamed into place, so a reader never sees half a file.
 */
export class FileStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error('Invalid storage key');
    return join(this.dir, key);
  }

  /** Stores the bytes and returns their new storage key. */
  async save(bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const key = randomBytes(16).toString('hex');
    const target = this.pathOf(key);
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return key;
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
