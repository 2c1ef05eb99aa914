import { createHash } from 'node:crypto';
import { lstatSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { errorCode } from '../../shared/guards.js';

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
    if (errorCode(error) === 'ENOENT') return undefined;
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

type LstatOf = (path: string) => Pick<Stats, 'mode' | 'uid'> & { isDirectory(): boolean; isSymbolicLink(): boolean };

/** Missing (start-up makes it, as root, mode 0755), or a real folder of root's that only root may write to. */
function isRootOnlyFolder(folder: string, lstatOf: LstatOf): boolean {
  let stats: ReturnType<LstatOf>;
  try {
    stats = lstatOf(folder);
  } catch (error) {
    return errorCode(error) === 'ENOENT';
  }
  return !stats.isSymbolicLink() && stats.isDirectory() && stats.uid === 0 && (stats.mode & 0o022) === 0;
}

/** Where a root-run server keeps its data when the checkout's `./data` is out of PostgreSQL's reach. */
export const ROOT_DATA_PARENT = '/var/lib/campus-companion';

export interface DefaultDataDir {
  readonly dir: string;
  /** Set when the default moved away from `./data`: what the start-up log says, and why. */
  readonly note?: string;
}

/**
 * DATA_DIR when the variable is unset: `./data` of the working directory, unless the server runs
 * as root and a folder above it (the checkout under `/root`, mode 0700) would keep the embedded
 * PostgreSQL's own OS user out. Then a folder of its own under /var/lib/campus-companion, named
 * after the checkout so that two checkouts never share a cluster. If that is blocked too,
 * `./data` stays, and the start-up error explains the way out.
 */
export function defaultDataDir(cwd: string, isRoot: boolean, statOf: StatOf = statSync, lstatOf: LstatOf = lstatSync): DefaultDataDir {
  const local = resolve(cwd, 'data');
  if (!isRoot) return { dir: local };
  const blocking = folderBlockingOtherUsers(join(local, 'postgres'), statOf);
  if (blocking === undefined) return { dir: local };
  // Root writes there (mkdir, chmod, the cluster's files): only into a folder no other account
  // controls, so that nobody can plant a link there for root to follow.
  if (!isRootOnlyFolder(ROOT_DATA_PARENT, lstatOf)) return { dir: local };
  const name = `${basename(resolve(cwd)) || 'root'}-${createHash('sha256').update(resolve(cwd)).digest('hex').slice(0, 8)}`;
  const dir = join(ROOT_DATA_PARENT, name);
  if (folderBlockingOtherUsers(join(dir, 'postgres'), statOf) !== undefined) return { dir: local };
  return {
    dir,
    note:
      `DATA_DIR is not set, and ./data (${local}) is under ${blocking}, which the embedded PostgreSQL's ` +
      `'postgres' OS user cannot pass through while the server runs as root: keeping the data in ${dir} instead. ` +
      'Set DATA_DIR to choose another folder.',
  };
}
