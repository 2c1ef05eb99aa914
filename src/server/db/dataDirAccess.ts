import { statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

type StatOf = (path: string) => Pick<Stats, 'mode' | 'uid'>;

/**
 * Run as root, the embedded PostgreSQL runs as the `postgres` OS user, which must be able to pass
 * through every folder above DATA_DIR. Returns the first folder it cannot pass (root's own, with
 * no search permission for others, such as `/root` at mode 0700), or undefined.
 */
export function folderBlockingOtherUsers(dir: string, statOf: StatOf = statSync, postgresUid?: number): string | undefined {
  const folders: string[] = [];
  for (let current = dirname(resolve(dir)); ; current = dirname(current)) {
    folders.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const folder of folders) {
    const stats = existing(folder, statOf);
    // Not there yet: start-up makes it with the usual mode, which others can pass through.
    if (!stats) continue;
    const isOwnedByPostgres = postgresUid !== undefined && stats.uid === postgresUid;
    if (!isOwnedByPostgres && (stats.mode & 0o001) === 0) return folder;
  }
  return undefined;
}

function existing(folder: string, statOf: StatOf): Pick<Stats, 'mode' | 'uid'> | undefined {
  try {
    return statOf(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The start-up error that explains how to fix it. */
export function dataDirAccessMessage(dataDir: string, blocking: string): string {
  return (
    `DATA_DIR (${resolve(dataDir)}) cannot be used while the server runs as root: the embedded PostgreSQL ` +
    `then runs as the 'postgres' OS user, and ${blocking} does not let other users through (initdb would ` +
    `fail with "permission denied"). Set DATA_DIR to a folder outside it, e.g. DATA_DIR=/var/lib/campus-companion, ` +
    `or allow passing through with 'chmod o+x ${blocking}', or run the server as an ordinary user.`
  );
}
